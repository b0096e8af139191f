/**
 * What other features read of appointments (exported through index.ts): a doctor's slot-holding
 * appointments (my-account's time off, the iCalendar feed) and patients' appointments (search).
 */
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { hhmm } from '../../../domain/dates';
import type { AffectedAppointment } from '../../../domain/my-account';
import type { Db } from '../../db/client';
import {
  appointments,
  appointmentsNewestFirst,
  calendarAvailability,
  calendars,
  patients,
} from '../../db/schema';
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

/** An appointment of `withAppointments`' rows (its columns are null for a patient without any). */
export type PatientAppointmentColumns = {
  appointment_id: number | null;
  appointment_date: string | null;
  /** HH:MM */
  appointment_time: string | null;
  appointment_status: string | null;
  appointment_status_title: string | null;
  appointment_doctor: string | null;
  appointment_calendar: string | null;
};

/**
 * The rows of `patients` (a statement whose rows have the patient's `id`), each repeated once
 * per appointment of that patient with the appointment's columns (`PatientAppointmentColumns`),
 * or once with them null: in `order` (over the patients' columns, as `p.<column>`), then each
 * patient's appointments newest first, undated last (`appointmentsNewestFirst`). The search
 * reads its patients and their appointments in one statement this way. A patient's appointments
 * are read from appointments_patient_idx alone; the status, doctor and calendar are joined once
 * for all of them (docs/decisions/0084-patient-appointments-from-one-index.md).
 */
export function withAppointments(patients: SQL, order: SQL): SQL {
  const a = appointments;
  return sql`select p.*, ${a.id} as appointment_id, ${a.selectedDate}::text as appointment_date,
      to_char(${a.selectedTime}, 'HH24:MI') as appointment_time, ${a.status} as appointment_status,
      st.title as appointment_status_title, u.name as appointment_doctor, c.title as appointment_calendar
    from (${patients}) p
    left join ${a} on ${a.patientId} = p.id
    left join appointment_statuses st on st.id = ${a.customStatusId}
    left join users u on u.id = ${a.doctorId}
    left join calendars c on c.id = ${a.calendarId}
    order by ${order}, ${sql.join(appointmentsNewestFirst(), sql`, `)}`;
}
