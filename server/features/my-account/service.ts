/**
 * The rules of a doctor's time off: periods of one user never overlap (checked under the user's
 * row lock, so also across nodes), appointments already in a new period are allowed but listed
 * so they get moved, every write is audited.
 */
import { formatDay } from '../../../domain/dates';
import { MY_ACCOUNT_MESSAGES, type TimeOffInput, type TimeOffWriteReply } from '../../../domain/my-account';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { lockStaffMember } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { doctorAppointmentsBetween } from '../appointments';
import * as repo from './repository';

type Period = Pick<TimeOffInput, 'from' | 'to'>;
type WriteResult = Omit<TimeOffWriteReply, 'status' | 'message'>;

export function createMyAccountService({ db }: Pick<Deps, 'db'>) {
  return {
    /** Adds a period (`id` undefined) or changes one of the actor's periods. */
    async saveTimeOff(actor: Actor, { input, id }: { input: Period; id?: number }): Promise<WriteResult> {
      const userId = actor.userId!;
      return db.transaction(async (tx) => {
        await lockStaffMember(tx, userId);
        if (id !== undefined && !(await repo.findTimeOff(tx, userId, id)))
          throw notFound(MY_ACCOUNT_MESSAGES.notFound);
        const [clash] = await repo.overlapping(tx, userId, input.from, input.to, id);
        if (clash)
          throw conflict(
            `${MY_ACCOUNT_MESSAGES.overlap} (${formatDay(clash.from)} - ${formatDay(clash.to)})`,
          );
        const savedId = id ?? (await repo.insertTimeOff(tx, userId, input.from, input.to));
        if (id !== undefined) await repo.updateTimeOff(tx, userId, id, input.from, input.to);
        const affectedAppointments = await doctorAppointmentsBetween(tx, userId, input.from, input.to);
        await audit(tx, actor, {
          action: id === undefined ? 'time-off.create' : 'time-off.update',
          entityType: 'time_off',
          entityId: savedId,
          details: { from: input.from, to: input.to, affected: affectedAppointments.map((x) => x.id) },
        });
        return { data: { id: savedId, from: input.from, to: input.to }, affectedAppointments };
      });
    },
    async deleteTimeOff(actor: Actor, { id }: { id: number }): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await repo.deleteTimeOff(tx, actor.userId!, id);
        if (!deleted) throw notFound(MY_ACCOUNT_MESSAGES.notFound);
        await audit(tx, actor, {
          action: 'time-off.delete',
          entityType: 'time_off',
          entityId: id,
          details: { from: deleted.from, to: deleted.to },
        });
      });
    },
    /** Creates or rotates the actor's private feed token; answers the token, shown once. */
    async rotateFeed(actor: Actor): Promise<string> {
      return db.transaction(async (tx) => {
        const token = await repo.rotateFeedToken(tx, actor.userId!);
        await audit(tx, actor, {
          action: 'calendar-feed.rotate',
          entityType: 'user',
          entityId: actor.userId!,
        });
        return token;
      });
    },
    async revokeFeed(actor: Actor): Promise<void> {
      if (await repo.revokeFeedToken(db, actor.userId!))
        await audit(db, actor, {
          action: 'calendar-feed.revoke',
          entityType: 'user',
          entityId: actor.userId!,
        });
    },
  };
}
