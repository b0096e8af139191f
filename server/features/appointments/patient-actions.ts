/**
 * What a patient does to their own appointment from the self-service page (issue 15): confirm
 * they will come, cancel (until a notice before it), ask for another date. Each in one
 * transaction under the appointment's row lock, audited with the patient's client address; the
 * self-service feature decides who may (the token) and when (the appointment's day).
 */
import { clinicInstant } from '../../../domain/dates';
import { SELF_SERVICE_MESSAGES } from '../../../domain/self-service';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { cancelPendingForAppointment } from '../../platform/outbox';
import {
  builtinStatusId,
  markAttendanceConfirmed,
  markCancelledByPatient,
  markRescheduleRequested,
  type PatientFacingAppointment,
} from './patient-actions-repository';
import { freed, lockAppointment, releasePublicDay, type SlotFreed } from './service';

export { type PatientFacingAppointment, patientFacingAppointment } from './patient-actions-repository';

/** When the appointment starts; a request without a time starts at the start of its day. */
export function startsAt(a: Pick<PatientFacingAppointment, 'date' | 'time'>): Date | null {
  return a.date ? clinicInstant(a.date, a.time ?? '00:00') : null;
}

/** Until when the page cancels: `noticeHours` before the start; null when it has no date. */
export function cancelUntil(a: Pick<PatientFacingAppointment, 'date' | 'time'>, noticeHours: number) {
  const start = startsAt(a);
  return start ? new Date(start.getTime() - noticeHours * 3_600_000) : null;
}

type Ctx = { db: Db; actor: Actor; now: Date };

export async function confirmAttendanceByPatient(ctx: Ctx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (row.cancelledAt) throw conflict(SELF_SERVICE_MESSAGES.alreadyCancelled);
    await markAttendanceConfirmed(tx, id, ctx.now);
    await audit(tx, ctx.actor, {
      action: 'self-service.confirm',
      entityType: 'appointment',
      entityId: id,
      patientId: row.patientId,
    });
  });
}

export async function requestRescheduleByPatient(ctx: Ctx, id: number, note: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (row.cancelledAt) throw conflict(SELF_SERVICE_MESSAGES.alreadyCancelled);
    await markRescheduleRequested(tx, id, note, ctx.now);
    await audit(tx, ctx.actor, {
      action: 'self-service.reschedule',
      entityType: 'appointment',
      entityId: id,
      patientId: row.patientId,
    });
  });
}

/**
 * Cancels: the built-in "Anulat de pacient" status, the slot free at once (a public request's
 * place in its day too), the messages still waiting for it dropped. Refused after the notice.
 */
export async function cancelByPatient(ctx: Ctx & { noticeHours: number; slotFreed?: SlotFreed }, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (row.cancelledAt) throw conflict(SELF_SERVICE_MESSAGES.alreadyCancelled);
    const until = cancelUntil({ date: row.selectedDate, time: row.selectedTime }, ctx.noticeHours);
    if (!until || ctx.now.getTime() > until.getTime()) throw conflict(SELF_SERVICE_MESSAGES.tooLateToCancel);
    await releasePublicDay(tx, row);
    await markCancelledByPatient(tx, id, await builtinStatusId(tx, 'cancelled_by_patient'), ctx.now);
    // Everything still waiting for it (reminders, a confirmation held for the quiet hours) is moot.
    await cancelPendingForAppointment(tx, id);
    await freed(ctx, tx, row);
    await audit(tx, ctx.actor, {
      action: 'self-service.cancel',
      entityType: 'appointment',
      entityId: id,
      patientId: row.patientId,
      details: { date: row.selectedDate, calendarId: row.calendarId },
    });
  });
}
