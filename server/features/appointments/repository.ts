/**
 * SQL of the appointment area: the rows the list shows (the list itself: list-repository.ts), one
 * appointment, the next ones from now.
 */
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppointmentDetail, AppointmentRow, NextAppointment } from '../../../domain/appointment-replies';
import type { AppointmentStatus } from '../../../domain/appointments';
import { COUNTIES } from '../../../domain/counties';
import { hhmm } from '../../../domain/dates';
import { INSURANCE_LABELS, type InsuranceStatus } from '../../../domain/patients';
import { maskCnp } from '../../../domain/privacy';
import { contactChannels } from '../../../domain/sms';
import type { Db } from '../../db/client';
import { appointmentStatuses, appointments, calendars, patients, users } from '../../db/schema';
import { builtOnce } from '../../platform/built-once';
import { TOTAL_COLUMN } from '../../platform/list-total';
import { literalInt } from '../../platform/page-sql';

const a = appointments;
const p = patients;

/** Undated appointments sort after every date: one expression, served by appointments_upcoming_idx. */
export const dateOrInfinity = sql`coalesce(${a.selectedDate}, 'infinity'::date)`;

const rowColumns = {
  id: a.id,
  patient_id: a.patientId,
  patient: p.name,
  patient_phone: p.phone,
  patient_email: p.email,
  cnp: p.cnp,
  covid_vaccine: p.covidVaccine,
  doctor: users.name,
  doctor_id: a.doctorId,
  status: a.status,
  status_id: appointmentStatuses.id,
  status_title: appointmentStatuses.title,
  status_without: appointmentStatuses.withoutAppointment,
  selected_date: a.selectedDate,
  selected_time: a.selectedTime,
  calendar_id: calendars.id,
  calendar_title: calendars.title,
  holds_slot: a.holdsSlot,
  attendance_confirmed_at: a.attendanceConfirmedAt,
  reschedule_requested_at: a.rescheduleRequestedAt,
};

export type RawRow = Awaited<ReturnType<typeof baseSelect>>[number];

export function toRow(r: RawRow): AppointmentRow {
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

/** `total`: the list's count, carried along as `TOTAL_COLUMN` (list-total.ts). */
export function baseSelect(db: Db, total: SQL<number> | null = null) {
  return db
    .select({ ...rowColumns, ...(total ? { [TOTAL_COLUMN]: total } : {}) })
    .from(a)
    .innerJoin(p, eq(p.id, a.patientId))
    .leftJoin(users, eq(users.id, a.doctorId))
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, a.customStatusId))
    .leftJoin(calendars, eq(calendars.id, a.calendarId));
}

/** The next few appointments from now (Europe/Bucharest), for the side panel. */
export async function nextAppointments(
  db: Db,
  today: string,
  now: string,
  limit = 5,
): Promise<NextAppointment[]> {
  const next = builtOnce(db, `next_appointments_${limit}`, (name) =>
    db
      .select({ id: a.id, date: a.selectedDate, time: a.selectedTime, patient: p.name })
      .from(a)
      .innerJoin(p, eq(p.id, a.patientId))
      // Read in the order of appointments_upcoming_idx, whose key is (date or infinity, time,
      // id): the first five entries are the answer, and only their patients are read. A row
      // comparison is one index range; the equivalent OR would read every earlier appointment.
      // Ordered by (date, time) alone, PostgreSQL joined every patient of the first hour's slot
      // (47 in the bench data) to sort them by id.
      .where(
        and(
          isNotNull(a.selectedDate),
          sql`(${dateOrInfinity}, ${a.selectedTime}) >= (${sql.placeholder('today')}::date, ${sql.placeholder('now')}::time)`,
        ),
      )
      .orderBy(dateOrInfinity, asc(a.selectedTime), asc(a.id))
      .limit(literalInt(limit))
      .prepare(name),
  );
  const rows = await next.execute({ today, now });
  return rows.map((r) => ({
    id: r.id,
    date: r.date ?? '',
    time: r.time ? hhmm(r.time) : '',
    patient: r.patient,
  }));
}

export async function findAppointment(db: Db, id: number): Promise<AppointmentDetail | null> {
  const [row] = await baseSelect(db).where(eq(a.id, id)).limit(1);
  if (!row) return null;
  const [extra] = await db
    .select({
      patient: p,
      requestData: a.requestData,
      createdAt: a.createdAt,
      attendanceConfirmedAt: a.attendanceConfirmedAt,
      rescheduleRequestedAt: a.rescheduleRequestedAt,
      rescheduleNote: a.rescheduleNote,
      cancelledAt: a.cancelledAt,
      cancelledBy: a.cancelledBy,
    })
    .from(a)
    .innerJoin(p, eq(p.id, a.patientId))
    .where(eq(a.id, id));
  const pt = extra.patient;
  return {
    ...toRow(row),
    request_data: extra.requestData,
    created_at: extra.createdAt.toISOString(),
    contact_channels: contactChannels(pt),
    patient_actions: {
      attendance_confirmed_at: extra.attendanceConfirmedAt?.toISOString() ?? null,
      reschedule_requested_at: extra.rescheduleRequestedAt?.toISOString() ?? null,
      reschedule_note: extra.rescheduleNote,
      cancelled_at: extra.cancelledBy === 'patient' ? (extra.cancelledAt?.toISOString() ?? null) : null,
    },
    patientData: {
      id: pt.id,
      patient_id: pt.id,
      name: pt.name,
      cnp: pt.cnp,
      phone: pt.phone,
      email: pt.email,
      state_residency: pt.stateResidency,
      county: COUNTIES.find((c) => c.iso_code === pt.stateResidency)?.name ?? null,
      insurance_status: pt.insuranceStatus,
      insurance_label: INSURANCE_LABELS[pt.insuranceStatus as InsuranceStatus] ?? pt.insuranceStatus,
      covid_vaccine: pt.covidVaccine,
      gp_name: pt.gpName,
      gp_email: pt.gpEmail,
      gp_phone: pt.gpPhone,
    },
  };
}
