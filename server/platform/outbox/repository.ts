/**
 * All SQL of the outbox table. Each function is one short statement: the worker claims rows with
 * a lease and commits before any network I/O, and records the result in a second statement, so
 * no transaction, row lock or pooled connection is held while a relay or a gateway answers.
 */
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { OutboxFilters } from '../../../domain/outbox';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/outbox';
import { listTotal } from '../list-total';

export type NewOutboxRow = {
  channel: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: unknown;
  /** The appointment the message is about and why it is sent (a purpose is sent once). */
  appointmentId?: number | null;
  purpose?: string | null;
  /** Not sent before this instant (reminders, quiet hours); now when absent. */
  notBefore?: Date | null;
};

export async function insertMessage(db: Db, row: NewOutboxRow): Promise<number> {
  const [id] = await insertMessagesOnce(db, [row]);
  if (id === undefined) throw new Error('outbox: this purpose is already queued for the appointment');
  return id;
}

/**
 * The rows as one JSON array of the outbox's column values (`not_before`: the first attempt),
 * the way the statements that queue them read them with `jsonb_to_recordset`.
 */
export function messagesJson(rows: NewOutboxRow[]): string {
  return JSON.stringify(
    rows.map((row) => ({
      channel: row.channel,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? null,
      attachments: row.attachments ?? null,
      appointment_id: row.appointmentId ?? null,
      purpose: row.purpose ?? null,
      not_before: row.notBefore ?? null,
    })),
  );
}

/**
 * The statement that queues `rows`, except those whose purpose is already queued or sent for the
 * appointment and channel (the partial unique index `outbox_purpose_uq`): those are not written,
 * so a reminder scheduled twice, or by two nodes at once, goes out once. The rows travel as one
 * JSON value, so the text is the same for one row or ten (prepared once, built without Drizzle's
 * insert builder). `only` writes them only when it holds: a statement that queues its messages
 * beside the change they are about passes "the change was made" (the public form's request).
 */
function messagesInsert(rows: NewOutboxRow[], only: SQL = sql`true`): SQL {
  const json = messagesJson(rows);
  return sql`insert into outbox (channel, "to", subject, text, html, attachments, appointment_id, purpose, next_attempt_at)
    select m.channel, m."to", m.subject, m.text, m.html, m.attachments, m.appointment_id, m.purpose,
           coalesce(m.not_before, now())
    from jsonb_to_recordset(${json}::jsonb) as m(channel text, "to" text, subject text, text text, html text,
         attachments jsonb, appointment_id integer, purpose text, not_before timestamptz)
    where ${only}
    on conflict (appointment_id, channel, purpose) where purpose is not null and state <> 'cancelled' do nothing`;
}

/** Queues the messages in one statement (see `messagesInsert`); returns the ids of the rows written. */
export async function insertMessagesOnce(db: Db, rows: NewOutboxRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const res = (await db.execute(sql`${messagesInsert(rows)} returning id`)) as unknown as {
    rows: { id: number }[];
  };
  return res.rows.map((r) => r.id);
}

/**
 * Queues `rows` in place of the messages about the appointment still waiting (pending, or failed
 * and not sent) whose purpose starts with one of `kinds`, on every channel: those are cancelled
 * (`REPLACED` in their error), so several changes due at once reach the patient as one message,
 * the latest (docs/decisions/0093-one-message-per-change.md). A message being sent right now is
 * left to finish. Returns the ids of the rows written.
 */
export async function replaceWaitingMessages(
  db: Db,
  appointmentId: number,
  kinds: readonly string[],
  rows: NewOutboxRow[],
): Promise<number[]> {
  if (kinds.length)
    await db
      .update(outbox)
      .set({
        state: 'cancelled',
        leaseUntil: null,
        lastError: 'REPLACED: a newer message about the same change',
      })
      .where(
        and(
          eq(outbox.appointmentId, appointmentId),
          inArray(outbox.state, ['pending', 'failed']),
          or(...kinds.map((k) => sql`starts_with(${outbox.purpose}, ${k})`)),
        ),
      );
  return insertMessagesOnce(db, rows);
}

/** A message about an appointment that went out (or is going out right now). */
type SentMessage = { channel: string; purpose: string | null; subject: string; text: string };

/** The messages about the appointment that were sent or are being sent, oldest first. */
export async function sentAboutAppointment(db: Db, appointmentId: number): Promise<SentMessage[]> {
  return db
    .select({ channel: outbox.channel, purpose: outbox.purpose, subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.appointmentId, appointmentId), inArray(outbox.state, ['sent', 'sending'])))
    .orderBy(asc(outbox.id));
}

/**
 * Cancels the messages still waiting for an appointment (its reminders when it is cancelled,
 * deleted or moved), optionally only those whose purpose starts with `purposePrefix`. A message
 * being sent right now is left to finish. Returns how many were cancelled.
 */
export async function cancelPendingForAppointment(
  db: Db,
  appointmentId: number,
  purposePrefix?: string,
): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ state: 'cancelled', leaseUntil: null })
    .where(
      and(
        eq(outbox.appointmentId, appointmentId),
        inArray(outbox.state, ['pending', 'failed']),
        purposePrefix ? sql`starts_with(${outbox.purpose}, ${purposePrefix})` : undefined,
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

export type ClaimedMessage = typeof outbox.$inferSelect;

/** Due by `at` (the database's clock when absent): waiting rows whose time came, lapsed claims. */
/**
 * Claims up to `limit` due messages of these channels for `leaseSeconds`, in one committed
 * statement. `FOR UPDATE SKIP LOCKED` lets several nodes claim at once without taking the same
 * row; the claim counts as an attempt, and that count is the claim's fencing token.
 *
 * The waiting messages are read in (next_attempt_at, id) order from `outbox_due_idx` and the scan
 * stops at `limit`, so a claim costs what it takes, even behind thousands of messages waiting for
 * a slow relay (one claim sorted them all: 38.6 ms of the database's time with 11,000 waiting,
 * docs/decisions/0071-outbox-claim-cost.md). With `lapsed`, messages whose claim lapsed (their
 * node died, or hung past its lease) are taken too, and those that lapsed `maxAttempts` times are
 * given up on: the worker asks for that on its timer, not on every claim.
 */
export async function claimDue(
  db: Db,
  channels: string[],
  limit: number,
  leaseSeconds: number,
  maxAttempts = 20,
  /** "Now" for the not-before times (the app's clock; tests move it), the database's when absent. */
  at?: Date,
  { lapsed = true }: { lapsed?: boolean } = {},
): Promise<ClaimedMessage[]> {
  if (limit < 1 || channels.length === 0) return [];
  const channelList = sql.join(
    channels.map((c) => sql`${c}`),
    sql`, `,
  );
  if (lapsed)
    // A message whose every claim lapsed (it kills the node that sends it) stops being retried.
    await db
      .update(outbox)
      .set({
        state: 'failed',
        leaseUntil: null,
        lastError: 'LEASE: no result recorded before the lease lapsed',
      })
      .where(
        and(
          eq(outbox.state, 'sending'),
          lt(outbox.leaseUntil, sql`now()`),
          gte(outbox.attempts, maxAttempts),
          inArray(outbox.channel, channels),
        ),
      );
  const dueAt = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const ids = sql`(
    with waiting as (
      select id, next_attempt_at from outbox
      where state = 'pending' and next_attempt_at <= ${dueAt} and channel in (${channelList})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    ), lapsed as (
      select id, next_attempt_at from outbox
      where ${lapsed} and state = 'sending' and lease_until < now() and channel in (${channelList})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    select id from (select * from waiting union all select * from lapsed) due
    order by next_attempt_at, id
    limit ${limit})`;
  return db
    .update(outbox)
    .set({
      state: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, ids))
    .returning();
}

/** Still ours: in `sending` under the claim numbered `attempts` (not re-claimed after a lapsed lease). */
const ours = (id: number, attempts: number) =>
  and(eq(outbox.id, id), eq(outbox.attempts, attempts), eq(outbox.state, 'sending'));

export async function markSent(db: Db, id: number, attempts: number): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ state: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null })
    .where(ours(id, attempts))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** A claimed message no longer worth sending (a reminder whose appointment has begun): cancelled. */
export async function markExpired(db: Db, id: number, attempts: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ state: 'cancelled', leaseUntil: null, lastError: `EXPIRED: ${reason}`.slice(0, 500) })
    .where(ours(id, attempts))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export async function markFailed(
  db: Db,
  id: number,
  attempts: number,
  f: { error: string; giveUp: boolean; retryInSeconds: number },
): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({
      state: f.giveUp ? 'failed' : 'pending',
      lastError: f.error.slice(0, 500),
      leaseUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${f.retryInSeconds})`,
    })
    .where(ours(id, attempts))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------ administration

function where(f: OutboxFilters): SQL | undefined {
  return and(
    f.state ? eq(outbox.state, f.state) : undefined,
    f.channel ? eq(outbox.channel, f.channel) : undefined,
  );
}

/** A page newest first, without the body or attachments (they never leave the server here). */
export async function listMessages(db: Db, f: OutboxFilters, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        to: outbox.to,
        subject: outbox.subject,
        state: outbox.state,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        nextAttemptAt: outbox.nextAttemptAt,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(where(f))
      .orderBy(desc(outbox.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    listTotal(db, db.select({ id: outbox.id }).from(outbox).where(where(f))),
  ]);
  return { total: Number(total), rows };
}

export async function findState(db: Db, id: number): Promise<string | null> {
  const [r] = await db.select({ state: outbox.state }).from(outbox).where(eq(outbox.id, id));
  return r?.state ?? null;
}

/** A queued or failed message becomes due now; false when it is in another state. */
export async function retryNow(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ state: 'pending', nextAttemptAt: sql`now()` })
    .where(and(eq(outbox.id, id), inArray(outbox.state, ['pending', 'failed'])))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export async function cancel(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ state: 'cancelled', leaseUntil: null })
    .where(and(eq(outbox.id, id), inArray(outbox.state, ['pending', 'failed'])))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** Messages of `channel` sent (or being sent) in the last hour and in the last 24 hours: what a budget counts. */
export async function sentRecently(db: Db, channel: string): Promise<{ hour: number; day: number }> {
  const res = (await db.execute(sql`select
      (select count(*)::int from outbox where channel = ${channel} and state = 'sent' and sent_at > now() - interval '1 hour')
        + (select count(*)::int from outbox where channel = ${channel} and state = 'sending') as hour,
      (select count(*)::int from outbox where channel = ${channel} and state = 'sent' and sent_at > now() - interval '1 day')
        + (select count(*)::int from outbox where channel = ${channel} and state = 'sending') as day`)) as unknown as {
    rows: { hour: number; day: number }[];
  };
  return res.rows[0];
}

export async function countFailed(db: Db): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(eq(outbox.state, 'failed'));
  return Number(r.n);
}

/** Whom a message is about, as the privacy export and the anonymisation find it. */
export type MessageSubject = { email: string | null; phone: string | null; name: string; cnp: string };

/**
 * Messages about the patient: addressed to their e-mail or (SMS) their phone, or naming them (a
 * letter sent to the family doctor carries the patient's name in its subject and text).
 */
function about(p: MessageSubject): SQL {
  const conds: SQL[] = [];
  if (p.email) conds.push(sql`lower(${outbox.to}) = lower(${p.email})`);
  // SMS name nobody: they are the patient's by their number.
  if (p.phone) conds.push(sql`(${outbox.channel} = 'sms' and ${outbox.to} = ${p.phone})`);
  for (const v of [p.name, p.cnp])
    conds.push(
      sql`(strpos(${outbox.subject}, ${v}) > 0 or strpos(${outbox.text}, ${v}) > 0 or strpos(coalesce(${outbox.html}, ''), ${v}) > 0)`,
    );
  return or(...conds)!;
}

export async function messagesAbout(db: Db, p: MessageSubject) {
  return db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      state: outbox.state,
      sentAt: outbox.sentAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(about(p))
    .orderBy(asc(outbox.id));
}

/** Deletes the messages about the patient (an anonymisation); their ids. */
export async function deleteMessagesAbout(tx: Db, p: MessageSubject): Promise<number[]> {
  const rows = await tx.delete(outbox).where(about(p)).returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/** A message's delivery: whether it went out, or why not yet (a letter's state shows it). */
export async function deliveryOf(db: Db, id: number | null) {
  if (!id) return null;
  const [row] = await db
    .select({ state: outbox.state, lastError: outbox.lastError, sentAt: outbox.sentAt })
    .from(outbox)
    .where(eq(outbox.id, id));
  return row ?? null;
}

/** The states of these messages, by id (the staff page shows whether an invitation went out). */
export async function messageStates(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: outbox.id, state: outbox.state })
    .from(outbox)
    .where(inArray(outbox.id, ids));
  return new Map(rows.map((r) => [r.id, r.state]));
}
