/**
 * Calendars, their weekly availability (one entry = one bookable interval, DESIGN §6) and their
 * unavailable days: the administration's rules. Writes to one calendar lock its row first, so two
 * superadmins adding overlapping entries at the same moment cannot both pass the overlap check.
 */
import {
  ADMIN_MESSAGES,
  type AvailabilityInput,
  type CalendarInput,
  type UnavailableDaysInput,
} from '../../../../domain/admin';
import { hhmm } from '../../../../domain/dates';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/actor';
import { auditOf } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { conflict, notFound } from '../../../platform/errors';
import * as repo from './repository';

export const listCalendars = repo.listCalendarsForAdmin;

const auditCalendar = auditOf('calendar');

async function lockOr404(tx: Db, id: number) {
  const c = await repo.lockCalendar(tx, id);
  if (!c) throw notFound(ADMIN_MESSAGES.calendarNotFound);
  return c;
}

/** At most one calendar takes public requests: the others are cleared in the same transaction. */
async function applyPublic(tx: Db, id: number, input: CalendarInput) {
  if (input.publicRequests) await repo.clearOtherPublic(tx, id);
}

export function createCalendarAdminService({ db }: Pick<Deps, 'db'>) {
  return {
    async createCalendar(actor: Actor, { input }: { input: CalendarInput }) {
      return db.transaction(async (tx) => {
        // Remote unless said otherwise when it books the public form's remote consultations.
        const values = { ...input, remote: input.remote ?? input.publicRequests };
        const id = await repo.insertCalendar(tx, values);
        await applyPublic(tx, id, input);
        await auditCalendar(tx, actor, 'admin.calendar.create', { id }, values);
        return id;
      });
    },
    async updateCalendar(actor: Actor, { id, input }: { id: number; input: CalendarInput }) {
      await db.transaction(async (tx) => {
        const c = await lockOr404(tx, id);
        const values = { ...input, remote: input.remote ?? c.remote };
        await applyPublic(tx, id, input);
        await repo.updateCalendar(tx, id, values);
        await auditCalendar(tx, actor, 'admin.calendar.update', { id }, values);
      });
    },
    async deleteCalendar(actor: Actor, { id }: { id: number }) {
      await db.transaction(async (tx) => {
        const c = await lockOr404(tx, id);
        if ((await repo.appointmentCount(tx, id)) > 0) throw conflict(ADMIN_MESSAGES.calendarInUse);
        await repo.deleteCalendar(tx, id);
        await auditCalendar(tx, actor, 'admin.calendar.delete', { id }, { title: c.title });
      });
    },
    async addAvailability(
      actor: Actor,
      { calendarId, input }: { calendarId: number; input: AvailabilityInput },
    ) {
      return db.transaction(async (tx) => {
        await lockOr404(tx, calendarId);
        await assertNoOverlap(tx, calendarId, input);
        const entryId = await repo.insertAvailability(tx, calendarId, input);
        await auditCalendar(
          tx,
          actor,
          'admin.availability.create',
          { id: calendarId },
          { ...input, entryId },
        );
        return entryId;
      });
    },
    async updateAvailability(
      actor: Actor,
      { calendarId, entryId, input }: { calendarId: number; entryId: number; input: AvailabilityInput },
    ) {
      await db.transaction(async (tx) => {
        await lockOr404(tx, calendarId);
        await assertNoOverlap(tx, calendarId, input, entryId);
        if (!(await repo.updateAvailability(tx, calendarId, entryId, input)))
          throw notFound(ADMIN_MESSAGES.entryNotFound);
        await auditCalendar(
          tx,
          actor,
          'admin.availability.update',
          { id: calendarId },
          { ...input, entryId },
        );
      });
    },
    async deleteAvailability(actor: Actor, { calendarId, entryId }: { calendarId: number; entryId: number }) {
      await db.transaction(async (tx) => {
        const e = await repo.deleteAvailability(tx, calendarId, entryId);
        if (!e) throw notFound(ADMIN_MESSAGES.entryNotFound);
        await auditCalendar(
          tx,
          actor,
          'admin.availability.delete',
          { id: calendarId },
          {
            entryId,
            weekday: e.weekday,
            from: hhmm(e.fromTime),
            to: hhmm(e.toTime),
          },
        );
      });
    },
    async addUnavailableDays(
      actor: Actor,
      { calendarId, input }: { calendarId: number; input: UnavailableDaysInput },
    ) {
      return db.transaction(async (tx) => {
        await lockOr404(tx, calendarId);
        const rangeId = await repo.insertUnavailableDays(tx, calendarId, input);
        await auditCalendar(
          tx,
          actor,
          'admin.unavailable-days.create',
          { id: calendarId },
          { ...input, rangeId },
        );
        return rangeId;
      });
    },
    async deleteUnavailableDays(
      actor: Actor,
      { calendarId, rangeId }: { calendarId: number; rangeId: number },
    ) {
      await db.transaction(async (tx) => {
        const done = await repo.deleteUnavailableDays(tx, calendarId, rangeId);
        if (!done) throw notFound(ADMIN_MESSAGES.entryNotFound);
        await auditCalendar(
          tx,
          actor,
          'admin.unavailable-days.delete',
          { id: calendarId },
          {
            rangeId,
            from: done.fromDate,
            to: done.toDate,
            reason: done.reason,
          },
        );
      });
    },
  };
}

async function assertNoOverlap(tx: Db, calendarId: number, input: AvailabilityInput, exceptId?: number) {
  if (await repo.availabilityOverlaps(tx, calendarId, input, exceptId))
    throw conflict(ADMIN_MESSAGES.availabilityOverlap);
}
