/**
 * The slot checks made before a write, and the translation of the database's last word (the
 * partial unique indexes appointments_slot_uq / appointments_doctor_slot_uq) into a 409.
 */
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import { type SlotRefusal, slotRefusal } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { constraintViolation } from '../../platform/db-errors';
import { badRequest, conflict, type HttpError } from '../../platform/errors';
import { calendarFacts } from '../calendars';
import { doctorTimeOff } from './repository/reads';

const REFUSALS: Record<SlotRefusal, () => HttpError> = {
  outOfRange: () => badRequest(APPOINTMENT_MESSAGES.outOfRange, { date: APPOINTMENT_MESSAGES.outOfRange }),
  outsideAvailability: () =>
    badRequest(APPOINTMENT_MESSAGES.outsideAvailability, { time: APPOINTMENT_MESSAGES.outsideAvailability }),
  unavailableDay: () => conflict(APPOINTMENT_MESSAGES.unavailableDay),
  doctorTimeOff: () => conflict(APPOINTMENT_MESSAGES.doctorTimeOff),
  taken: () => conflict(APPOINTMENT_MESSAGES.slotTaken),
};

/**
 * Throws unless (calendar, date, time) is inside that weekday's availability, not on an
 * unavailable day, not in the doctor's time off and within today..+60 months. Whether the slot
 * is free is left to the unique indexes, which also decide races between nodes.
 */
export async function assertBookable(
  db: Db,
  slot: { calendarId: number; date: string; time: string; doctorId: string | null; today: string },
) {
  const facts = await calendarFacts(db, slot.calendarId);
  if (!facts)
    throw badRequest(APPOINTMENT_MESSAGES.calendarNotFound, {
      calendar_id: APPOINTMENT_MESSAGES.calendarNotFound,
    });
  const refusal = slotRefusal({
    date: slot.date,
    time: slot.time,
    today: slot.today,
    availability: facts.availability,
    unavailable: facts.unavailable,
    timeOff: await doctorTimeOff(db, slot.doctorId),
  });
  if (refusal) throw REFUSALS[refusal]();
  return facts.calendar;
}

/** Runs a write; a lost race for a slot becomes 409 with the message the user needs. */
export async function withSlotGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const violation = constraintViolation(err);
    if (violation?.kind !== 'unique') throw err;
    if (violation.constraint === 'appointments_doctor_slot_uq')
      throw conflict(APPOINTMENT_MESSAGES.doctorSlotTaken);
    throw conflict(APPOINTMENT_MESSAGES.slotTaken);
  }
}
