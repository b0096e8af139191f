/**
 * What other features read of appointments (exported through index.ts): a doctor's slot-holding
 * appointments (my-account's time off, the iCalendar feed) and patients' appointments (search).
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { hhmm } from '../../../domain/dates';
import type { AffectedAppointment } from '../../../domain/my-account';
import type { Db } from '../../db/client';
import {
  appointmentStatuses,
  appointments,
  calendarAvailability,
  calendars,
  patientAppointmentsOrder,
  patients,
  users,
} from '../../db/schema';
import { builtOnce } from '../../platform/built-once';
import { literalInt } from '../../platform/page-sql';

/**
 * A doctor's slot-holding appointments from `from` (to `to` when given), by date and time, with
 * the patient, the calendar and where the calendar's availability says the appointment ends. At
 * most 5000: the feed is read by a calendar app, not paged.
 */
export function doctorSlotAppointments(db: Db, doctorId: string, from: string, to?: string) {
  return (
    db
      .select({
        id: appointments.id,
        date: appointments.selectedDate,
        time: appointments.selectedTime,
        patient: patients.name,
        calendar: calendars.title,
        endsAt: calendarAvailability.toTime,
      })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .leftJoin(calendars, eq(calendars.id, appointments.calendarId))
      // The availability entry starting at its time, which says where it ends (eventEnd), joined
      // as the calendar month joins it.
      .leftJoin(
        calendarAvailability,
        and(
          eq(calendarAvailability.calendarId, appointments.calendarId),
          sql`${calendarAvailability.weekday} = extract(dow from ${appointments.selectedDate})::int`,
          sql`${calendarAvailability.fromTime} = coalesce(${appointments.selectedTime}, '08:00')`,
        ),
      )
      .where(
        and(
          eq(appointments.doctorId, doctorId),
          eq(appointments.holdsSlot, true),
          gte(appointments.selectedDate, from),
          to === undefined ? undefined : lte(appointments.selectedDate, to),
        ),
      )
      .orderBy(asc(appointments.selectedDate), asc(appointments.selectedTime))
      .limit(literalInt(5000))
  );
}

/** A doctor's slot-holding appointments on [from, to] (my-account lists them on a new time off). */
export async function doctorAppointmentsBetween(
  db: Db,
  doctorId: string,
  from: string,
  to: string,
): Promise<AffectedAppointment[]> {
  const rows = await doctorSlotAppointments(db, doctorId, from, to);
  return rows.map((r) => ({
    id: r.id,
    patient: r.patient,
    date: r.date as string,
    time: hhmm(r.time),
    calendar: r.calendar,
  }));
}

/**
 * Every appointment of the patients `ids` (a placeholder) with its status, doctor and calendar,
 * patient by patient, each patient's in `patientAppointmentsOrder`: read from that index alone,
 * without a sort (docs/decisions/0084-patient-appointments-from-one-index.md).
 */
export const ofPatientsQuery = (db: Db) =>
  db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      date: appointments.selectedDate,
      time: appointments.selectedTime,
      status: appointments.status,
      status_title: appointmentStatuses.title,
      doctor: users.name,
      calendar: calendars.title,
    })
    .from(appointments)
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, appointments.customStatusId))
    .leftJoin(users, eq(users.id, appointments.doctorId))
    .leftJoin(calendars, eq(calendars.id, appointments.calendarId))
    .where(sql`${appointments.patientId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(appointments.patientId, ...patientAppointmentsOrder);

/** Every appointment of these patients (the search page), as `ofPatientsQuery` reads them. */
export function appointmentsOfPatients(db: Db, patientIds: number[]) {
  // One statement for any number of patients, built once (docs/decisions/0061-statements-built-once.md).
  const ofPatients = builtOnce(db, 'appointments_of_patients', (name) => ofPatientsQuery(db).prepare(name));
  return ofPatients.execute({ ids: patientIds });
}
