/**
 * What every appointment write shares: the row locked and checked against the transition table,
 * the status and doctor it names checked, the slot it frees, the public day it gives back.
 */
import {
  APPOINTMENT_MESSAGES,
  type AppointmentAction,
  canDo,
  refusalMessage,
} from '../../../../domain/appointments';
import { clinicInstant } from '../../../../domain/dates';
import type { Db } from '../../../db/client';
import { auditOf } from '../../../platform/audit';
import { isActiveDoctor } from '../../../platform/auth';
import type { Deps } from '../../../platform/deps';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import type { FreedSlot } from '../../../platform/events';
import type { AppointmentRow } from '../repository/writes';
import * as writes from '../repository/writes';
import { releaseRegistrationDay } from '../repository/writes';

export const auditAppointment = auditOf('appointment');

/** The slot the row held before a change, if it held one. */
export function heldSlot(row: AppointmentRow): FreedSlot | null {
  if (!(row.holdsSlot && row.calendarId && row.selectedDate && row.selectedTime)) return null;
  return {
    calendarId: row.calendarId,
    date: row.selectedDate,
    time: row.selectedTime,
    doctorId: row.doctorId,
  };
}

/** When the appointment starts; a request without a time starts at the start of its day. */
function startsAt(a: { date: string | null; time: string | null }): Date | null {
  return a.date ? clinicInstant(a.date, a.time ?? '00:00') : null;
}

/** Until when the patient's page cancels: `noticeHours` before the start; null without a date. */
export function cancelUntil(a: { date: string | null; time: string | null }, noticeHours: number) {
  const start = startsAt(a);
  return start ? new Date(start.getTime() - noticeHours * 3_600_000) : null;
}

export async function lockAppointment(tx: Db, id: number, action?: AppointmentAction) {
  const row = await writes.lockAppointmentRow(tx, id);
  if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
  if (action && !canDo(row.status, action)) throw conflict(refusalMessage(action));
  return row;
}

export async function customStatus(tx: Db, id: number) {
  const st = await writes.visibleStatus(tx, id);
  if (!st)
    throw badRequest(APPOINTMENT_MESSAGES.statusNotFound, { status_id: APPOINTMENT_MESSAGES.statusNotFound });
  // Set by its own action, after the appointment's time (markNoShow), so the figures stay true.
  if (st.builtin === 'no_show') throw conflict(APPOINTMENT_MESSAGES.noShowFromMenu);
  // Set by the remote consultation's end (issue 48), so "completed" counts recorded outcomes.
  if (st.builtin === 'completed') throw conflict(APPOINTMENT_MESSAGES.completedFromMenu);
  return st;
}

export async function activeDoctor(tx: Db, id: string) {
  if (!(await isActiveDoctor(tx, id)))
    throw badRequest(APPOINTMENT_MESSAGES.doctorNotFound, { doctor_id: APPOINTMENT_MESSAGES.doctorNotFound });
}

/** The calendar, date and time a status that needs a slot must be given; 400 naming what is missing. */
export function requiredSlot(input: { calendar_id?: number; date?: string; time?: string }) {
  const missing = (['calendar_id', 'date', 'time'] as const).filter((f) => input[f] === undefined);
  if (missing.length)
    throw badRequest(
      APPOINTMENT_MESSAGES.required,
      Object.fromEntries(missing.map((f) => [f, APPOINTMENT_MESSAGES.required])),
    );
  return { calendarId: input.calendar_id!, date: input.date!, time: input.time! };
}

/**
 * A public request still on its requested day (no slot of its own) gives its place back to that
 * day's public capacity; true when it did. A request the patient cancelled gave it back then (it
 * keeps its day for the record), so it never gives it twice.
 */
export async function releasePublicDay(tx: Db, row: AppointmentRow): Promise<boolean> {
  if (!(row.publicRequest && !row.holdsSlot && row.calendarId && row.selectedDate) || row.cancelledAt)
    return false;
  await releaseRegistrationDay(tx, row.calendarId, row.selectedDate);
  return true;
}

/** Tells the others that the row's slot is free now (the waitlist offers it). */
export async function freed(events: Deps['events'], tx: Db, row: AppointmentRow) {
  const slot = heldSlot(row);
  if (slot) await events.emit(tx, 'slot.freed', slot);
}
