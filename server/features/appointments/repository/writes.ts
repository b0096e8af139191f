/**
 * The appointment writes' SQL: the service decides what changes and why; these read and write
 * the rows inside its transaction. Every write of the table goes through here.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointmentStatuses, appointments, registrationDays } from '../../../db/schema/appointments';

export type AppointmentRow = typeof appointments.$inferSelect;
type Changes = Partial<Omit<typeof appointments.$inferInsert, 'id' | 'patientId' | 'createdAt' | 'moved'>>;

/** The appointment, locked until the transaction ends; null when there is none. */
export async function lockAppointmentRow(tx: Db, id: number): Promise<AppointmentRow | null> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row ?? null;
}

/** The appointments with these ids, locked (in id order, so two batches never deadlock). */
export async function lockAppointmentRows(tx: Db, ids: readonly number[]) {
  return tx
    .select({ row: appointments, createdAtExact: sql<string>`${appointments.createdAt}::text` })
    .from(appointments)
    .where(inArray(appointments.id, [...ids]))
    .orderBy(appointments.id)
    .for('update');
}

/**
 * Changes the locked appointment `before`; `updatedAt` is now. One that held a slot and leaves
 * it (another calendar, day or time, or none) is marked `moved`: the dashboard's "rescheduled".
 * A new day or time ends the patient's answers about the old one (issue 54): their confirmation
 * and their request for another date, returned so the caller keeps them in the audit history.
 */
export async function updateAppointment(
  tx: Db,
  before: AppointmentRow,
  changes: Changes,
): Promise<{ answersEnded: PatientAnswers | null }> {
  const after = { ...before, ...changes };
  const otherTime =
    after.selectedDate !== before.selectedDate ||
    after.selectedTime?.slice(0, 5) !== before.selectedTime?.slice(0, 5);
  const leftSlot = before.holdsSlot && (after.calendarId !== before.calendarId || otherTime);
  const answered = before.attendanceConfirmedAt !== null || before.rescheduleRequestedAt !== null;
  const answersEnded = otherTime && answered ? patientAnswers(before) : null;
  await tx
    .update(appointments)
    .set({
      ...(answersEnded ? { attendanceConfirmedAt: null, rescheduleRequestedAt: null } : {}),
      ...changes,
      ...(leftSlot ? { moved: true } : {}),
      updatedAt: changes.updatedAt ?? new Date(),
    })
    .where(eq(appointments.id, before.id));
  return { answersEnded };
}

/** What the patient answered about an appointment's day: confirmed, asked for another date. */
export type PatientAnswers = { attendanceConfirmedAt: string | null; rescheduleRequestedAt: string | null };

const patientAnswers = (row: AppointmentRow): PatientAnswers => ({
  attendanceConfirmedAt: row.attendanceConfirmedAt?.toISOString() ?? null,
  rescheduleRequestedAt: row.rescheduleRequestedAt?.toISOString() ?? null,
});

export async function insertAppointment(tx: Db, values: typeof appointments.$inferInsert): Promise<number> {
  const [created] = await tx.insert(appointments).values(values).returning({ id: appointments.id });
  return created.id;
}

export async function deleteAppointmentRow(tx: Db, id: number): Promise<void> {
  await tx.delete(appointments).where(eq(appointments.id, id));
}

/** A custom status staff may choose (not hidden); null when there is none. */
export async function visibleStatus(tx: Db, id: number) {
  const [st] = await tx
    .select()
    .from(appointmentStatuses)
    .where(and(eq(appointmentStatuses.id, id), eq(appointmentStatuses.hidden, false)));
  return st ?? null;
}

/** The id of a built-in status (migration 0010 seeds them). */
export async function builtinStatusId(
  db: Db,
  builtin: 'cancelled_by_patient' | 'no_show' | 'completed',
): Promise<number> {
  const [row] = await db
    .select({ id: appointmentStatuses.id })
    .from(appointmentStatuses)
    .where(eq(appointmentStatuses.builtin, builtin));
  return row.id;
}

/** Whether an appointment holds the slot now. */
export async function slotIsHeld(db: Db, slot: { calendarId: number; date: string; time: string }) {
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

/** Whether the appointment exists and is this patient's. */
export async function isPatientsAppointment(db: Db, appointmentId: number, patientId: number) {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.patientId, patientId)));
  return row !== undefined;
}

/** One place fewer taken on a public calendar's day (never below zero). */
export async function releaseRegistrationDay(tx: Db, calendarId: number, day: string): Promise<void> {
  await tx
    .update(registrationDays)
    .set({ count: sql`greatest(${registrationDays.count} - 1, 0)` })
    .where(and(eq(registrationDays.calendarId, calendarId), eq(registrationDays.day, day)));
}

/** Every appointment of the patient as stored (the privacy export), in id order. */
export async function appointmentRowsOfPatient(db: Db, patientId: number) {
  return db.select().from(appointments).where(eq(appointments.patientId, patientId)).orderBy(appointments.id);
}

/** Clears what the public form typed on the patient's appointments (an anonymisation); how many. */
export async function clearRequestDataOf(tx: Db, patientId: number): Promise<number> {
  const rows = await tx
    .update(appointments)
    .set({ requestData: null })
    .where(eq(appointments.patientId, patientId))
    .returning({ id: appointments.id });
  return rows.length;
}

/** The patient's folded name in each of their appointments (`patient.renamed`). */
export async function renamePatientCopies(tx: Db, patientId: number, nameSearch: string): Promise<void> {
  await tx
    .update(appointments)
    .set({ patientNameSearch: nameSearch })
    .where(and(eq(appointments.patientId, patientId), ne(appointments.patientNameSearch, nameSearch)));
}
