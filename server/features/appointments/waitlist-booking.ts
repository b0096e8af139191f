/**
 * The appointment a waitlist offer becomes when the patient accepts it (issue 15): inserted
 * holding the slot, so the database's slot indexes decide a race with another booking; inside
 * a savepoint, so the caller's transaction survives a lost race and can record it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';
import { constraintViolation } from '../../platform/db-errors';
import type { Journey } from '../journey';
import type { FreedSlot } from './service';
import { insertAppointment } from './write-repository';

/** The new appointment's id, or null when the slot (or the doctor at that time) was taken meanwhile. */
export async function bookFromWaitlist(
  tx: Db,
  journey: Journey,
  booking: FreedSlot & { patientId: number },
): Promise<number | null> {
  let id: number;
  try {
    id = await tx.transaction((sp) =>
      insertAppointment(sp as unknown as Db, {
        patientId: booking.patientId,
        doctorId: booking.doctorId,
        status: 'scheduled',
        calendarId: booking.calendarId,
        selectedDate: booking.date,
        selectedTime: booking.time,
        holdsSlot: true,
      }),
    );
  } catch (err) {
    if (constraintViolation(err)?.kind === 'unique') return null;
    throw err;
  }
  await journey.scheduled(tx, id);
  return id;
}

/** Whether an appointment holds the slot now (a freed slot staff booked again is not offered). */
export async function slotIsHeld(db: Db, slot: Pick<FreedSlot, 'calendarId' | 'date' | 'time'>) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(appointments)
    .where(
      and(
        eq(appointments.calendarId, slot.calendarId),
        eq(appointments.selectedDate, slot.date),
        eq(appointments.selectedTime, slot.time),
        eq(appointments.holdsSlot, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}
