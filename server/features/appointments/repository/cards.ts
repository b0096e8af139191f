/**
 * An appointment with its patient, doctor, status and calendar: the one place that joins them
 * (the list, the detail, the next appointments and the dashboard's latest read it). The
 * patient, the doctor's name and the calendar's title come from their owners' published views
 * (server/db/views.ts).
 */
import { eq, type SQL } from 'drizzle-orm';
import type { AppointmentRow } from '../../../../domain/appointment-replies';
import type { AppointmentStatus } from '../../../../domain/appointments';
import { hhmm } from '../../../../domain/dates';
import { maskCnp } from '../../../../domain/privacy';
import type { Db } from '../../../db/client';
import { appointmentStatuses, appointments } from '../../../db/schema/appointments';
import { calendarTitles, patientCards, staffNames } from '../../../db/views';
import { TOTAL_COLUMN } from '../../../platform/list-total';

const a = appointments;

const cardColumns = {
  id: a.id,
  patient_id: a.patientId,
  patient: patientCards.name,
  patient_phone: patientCards.phone,
  patient_email: patientCards.email,
  cnp: patientCards.cnp,
  covid_vaccine: patientCards.covidVaccine,
  doctor: staffNames.name,
  doctor_id: a.doctorId,
  status: a.status,
  status_id: appointmentStatuses.id,
  status_title: appointmentStatuses.title,
  status_without: appointmentStatuses.withoutAppointment,
  selected_date: a.selectedDate,
  selected_time: a.selectedTime,
  calendar_id: calendarTitles.id,
  calendar_title: calendarTitles.title,
  holds_slot: a.holdsSlot,
  attendance_confirmed_at: a.attendanceConfirmedAt,
  reschedule_requested_at: a.rescheduleRequestedAt,
};

/** The cards' select; `total`: a list's count carried along as `TOTAL_COLUMN` (list-total.ts). */
export function cards(db: Db, total: SQL<number> | null = null) {
  return db
    .select({ ...cardColumns, ...(total ? { [TOTAL_COLUMN]: total } : {}) })
    .from(a)
    .innerJoin(patientCards, eq(patientCards.id, a.patientId))
    .leftJoin(staffNames, eq(staffNames.id, a.doctorId))
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, a.customStatusId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, a.calendarId));
}

export type Card = Awaited<ReturnType<typeof cards>>[number];

/** A card as the API answers it (SPEC §3 Appointment), the CNP masked as every list shows it. */
export function toRow(r: Card): AppointmentRow {
  const time = r.selected_time ? hhmm(r.selected_time) : null;
  return {
    id: r.id,
    patient_id: r.patient_id,
    patient: r.patient ?? '',
    patient_phone: r.patient_phone ?? '',
    patient_email: r.patient_email,
    cnp: maskCnp(r.cnp),
    covid_vaccine: r.covid_vaccine ?? 0,
    doctor: r.doctor,
    doctor_id: r.doctor_id,
    status: r.status as AppointmentStatus,
    appointment_status: r.status as AppointmentStatus,
    apstatus:
      r.status_id !== null
        ? { id: r.status_id, title: r.status_title ?? '', without_appointment: r.status_without ?? false }
        : null,
    selected_date: r.selected_date,
    selected_time: time,
    appointment_date: r.selected_date,
    appt_date: r.selected_date,
    calendar: r.calendar_id !== null ? { id: r.calendar_id, title: r.calendar_title ?? '' } : null,
    holds_slot: r.holds_slot,
    patient_confirmed: r.attendance_confirmed_at !== null,
    reschedule_requested: r.reschedule_requested_at !== null,
  };
}
