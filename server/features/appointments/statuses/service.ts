/**
 * Custom appointment statuses: the rules. A status carried by an appointment is never deleted
 * (the history would lose its meaning): it can be hidden instead, which takes it out of the
 * set-appointment choices; whether it needs a slot can change only while nothing carries it.
 */
import { ADMIN_MESSAGES, type StatusInput } from '../../../../domain/admin';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/actor';
import { auditOf } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { conflict, notFound } from '../../../platform/errors';
import * as repo from './repository';

const auditStatus = auditOf('status');

async function lockOr404(tx: Db, id: number) {
  const s = await repo.lockStatus(tx, id);
  if (!s) throw notFound(ADMIN_MESSAGES.statusNotFound);
  return s;
}

export function createStatusesService({ db }: Pick<Deps, 'db'>) {
  return {
    async createStatus(actor: Actor, { input }: { input: StatusInput }): Promise<number> {
      return db.transaction(async (tx) => {
        const id = await repo.insertStatus(tx, input);
        await auditStatus(tx, actor, 'admin.status.create', { id }, input);
        return id;
      });
    },
    async updateStatus(actor: Actor, { id, input }: { id: number; input: StatusInput }): Promise<void> {
      return db.transaction(async (tx) => {
        const before = await lockOr404(tx, id);
        if (before.withoutAppointment !== input.without_appointment && (await repo.usage(tx, id)) > 0)
          throw conflict(ADMIN_MESSAGES.statusKindInUse);
        await repo.updateStatus(tx, id, {
          title: input.title,
          withoutAppointment: input.without_appointment,
        });
        await auditStatus(
          tx,
          actor,
          'admin.status.update',
          { id },
          {
            before: { title: before.title, without_appointment: before.withoutAppointment },
            after: input,
          },
        );
      });
    },
    async setHidden(actor: Actor, { id, hidden }: { id: number; hidden: boolean }): Promise<void> {
      return db.transaction(async (tx) => {
        await lockOr404(tx, id);
        await repo.updateStatus(tx, id, { hidden });
        await auditStatus(tx, actor, hidden ? 'admin.status.hide' : 'admin.status.unhide', { id });
      });
    },
    async deleteStatus(actor: Actor, { id }: { id: number }): Promise<void> {
      return db.transaction(async (tx) => {
        const s = await lockOr404(tx, id);
        // "Anulat de pacient" and "Neprezentat" are what the patient's page and the no-show figures rely on.
        if (s.builtin) throw conflict(ADMIN_MESSAGES.statusBuiltin);
        if ((await repo.usage(tx, id)) > 0) throw conflict(ADMIN_MESSAGES.statusInUse);
        await repo.deleteStatus(tx, id);
        await auditStatus(tx, actor, 'admin.status.delete', { id }, { title: s.title });
      });
    },
  };
}
