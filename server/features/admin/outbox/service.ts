/**
 * The outbox as administration sees it: a page of messages with the recipient masked and no body,
 * and the two actions (send again now, cancel), each audited in the transaction of its change.
 */
import type { AuditAction } from '../../../../domain/audit';
import {
  maskRecipient,
  maskRecipientsIn,
  OUTBOX_MESSAGES,
  type OutboxFilters,
  type OutboxRow,
} from '../../../../domain/outbox';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/actor';
import { audit } from '../../../platform/audit';
import { conflict, notFound } from '../../../platform/errors';
import * as outbox from '../../../platform/outbox';

export async function listOutbox(db: Db, f: OutboxFilters, page: number, perPage: number) {
  const { total, rows } = await outbox.listMessages(db, f, page, perPage);
  const data: OutboxRow[] = rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: maskRecipient(r.channel, r.to),
    subject: r.subject,
    state: r.state,
    attempts: r.attempts,
    // Stored masked since this change; masked again for rows written before it.
    lastError: r.lastError === null ? null : maskRecipientsIn(r.lastError),
    nextAttemptAt: r.state === 'pending' ? r.nextAttemptAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
  return { total, data };
}

async function act(
  db: Db,
  actor: Actor,
  id: number,
  change: (tx: Db, id: number) => Promise<boolean>,
  action: AuditAction,
  refused: string,
) {
  await db.transaction(async (tx) => {
    if (!(await change(tx, id))) {
      if ((await outbox.findState(tx, id)) === null) throw notFound(OUTBOX_MESSAGES.notFound);
      throw conflict(refused);
    }
    await audit(tx, actor, { action, entityType: 'outbox', entityId: id });
  });
}

/** A queued or failed message is due at once (the worker takes it within its interval). */
export const retryMessage = (db: Db, actor: Actor, id: number) =>
  act(db, actor, id, outbox.retryNow, 'admin.outbox.retry', OUTBOX_MESSAGES.cannotRetry);

export const cancelMessage = (db: Db, actor: Actor, id: number) =>
  act(db, actor, id, outbox.cancel, 'admin.outbox.cancel', OUTBOX_MESSAGES.cannotCancel);

export async function summary(db: Db, smsBudget: outbox.ChannelBudget) {
  const [failed, sms] = [await outbox.countFailed(db), await outbox.budgetLeft(db, 'sms', smsBudget)];
  return {
    failed,
    sms_budget: {
      hour: { sent: sms.sent.hour, limit: smsBudget.perHour },
      day: { sent: sms.sent.day, limit: smsBudget.perDay },
      reached: sms.left === 0,
    },
  };
}
