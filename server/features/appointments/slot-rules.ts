/**
 * The slot checks made before a write, and the translation of the database's last word (the
 * partial unique indexes appointments_slot_uq / appointments_doctor_slot_uq) into a 409.
 */
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import { type SlotRefusal, slotRefusal } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { badRequest, conflict, type HttpError } from '../../platform/errors';
import { calendarFacts, doctorTimeOff } from './repository';

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

/** The name of the unique constraint an error violated (drizzle wraps the driver's error in `cause`). */
export function violatedUnique(err: unknown): string | null {
  let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

/** Runs a write; a lost race for a slot becomes 409 with the message the user needs. */
export async function withSlotGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = violatedUnique(err);
    if (constraint === null) throw err;
    if (constraint === 'appointments_doctor_slot_uq') throw conflict(APPOINTMENT_MESSAGES.doctorSlotTaken);
    throw conflict(APPOINTMENT_MESSAGES.slotTaken);
  }
}
