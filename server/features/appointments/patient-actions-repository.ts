/** SQL of what a patient does to their own appointment from the self-service page (issue 15). */
import { eq } from 'drizzle-orm';
import { hhmm } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { appointmentStatuses, appointments, calendars, users } from '../../db/schema';

/** What the patient's page may show of an appointment, with the facts its rules need. */
export async function patientFacingAppointment(db: Db, id: number) {
  const [row] = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      status: appointments.status,
      statusTitle: appointmentStatuses.title,
      statusBuiltin: appointmentStatuses.builtin,
      date: appointments.selectedDate,
      time: appointments.selectedTime,
      calendar: calendars.title,
      doctor: users.name,
      cancelledAt: appointments.cancelledAt,
      attendanceConfirmedAt: appointments.attendanceConfirmedAt,
      rescheduleRequestedAt: appointments.rescheduleRequestedAt,
    })
    .from(appointments)
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, appointments.customStatusId))
    .leftJoin(calendars, eq(calendars.id, appointments.calendarId))
    .leftJoin(users, eq(users.id, appointments.doctorId))
    .where(eq(appointments.id, id));
  return row ? { ...row, time: row.time ? hhmm(row.time) : null } : null;
}
export type PatientFacingAppointment = NonNullable<Awaited<ReturnType<typeof patientFacingAppointment>>>;

/** The id of a built-in status (migration 0010 seeds them). */
export async function builtinStatusId(db: Db, builtin: 'cancelled_by_patient' | 'no_show'): Promise<number> {
  const [row] = await db
    .select({ id: appointmentStatuses.id })
    .from(appointmentStatuses)
    .where(eq(appointmentStatuses.builtin, builtin));
  return row.id;
}

/** Cancelled by the patient: the built-in status, the slot freed; the day and time stay for the record. */
export async function markCancelledByPatient(db: Db, id: number, statusId: number, at: Date) {
  await db
    .update(appointments)
    .set({
      status: 'custom',
      customStatusId: statusId,
      holdsSlot: false,
      cancelledAt: at,
      cancelledBy: 'patient',
      updatedAt: at,
    })
    .where(eq(appointments.id, id));
}

export async function markAttendanceConfirmed(db: Db, id: number, at: Date) {
  await db
    .update(appointments)
    .set({ attendanceConfirmedAt: at, updatedAt: at })
    .where(eq(appointments.id, id));
}

export async function markRescheduleRequested(db: Db, id: number, note: string, at: Date) {
  await db
    .update(appointments)
    .set({ rescheduleRequestedAt: at, rescheduleNote: note, updatedAt: at })
    .where(eq(appointments.id, id));
}

/** The patient did not come: the built-in status; the slot stays theirs (it is in the past). */
export async function markNoShow(db: Db, id: number, statusId: number, at: Date) {
  await db
    .update(appointments)
    .set({ status: 'custom', customStatusId: statusId, updatedAt: at })
    .where(eq(appointments.id, id));
}
