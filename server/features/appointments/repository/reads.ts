/**
 * The appointment reads other than the list (list.ts): one appointment, the next ones from now,
 * what a message or the patient's page needs of one, a doctor's slots, the slots taken.
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AvailabilityData, NextAppointment, StatusRef } from '../../../../domain/appointment-replies';
import { hhmm } from '../../../../domain/dates';
import type { AffectedAppointment } from '../../../../domain/my-account';
import type { Db } from '../../../db/client';
import { appointmentStatuses, appointments } from '../../../db/schema/appointments';
import {
  calendarHours,
  calendarTitles,
  patientCards,
  slotHolds,
  staffNames,
  timeOffPeriods,
} from '../../../db/views';
import { literalInt } from '../../../platform/page-sql';
import { cards } from './cards';

const a = appointments;

/** Undated appointments sort after every date: one expression, served by appointments_upcoming_idx. */
export const dateOrInfinity = sql`coalesce(${a.selectedDate}, 'infinity'::date)`;

/** One appointment's card with what the detail adds (its row, as stored). */
export async function appointmentWithRow(db: Db, id: number) {
  const [card] = await cards(db).where(eq(a.id, id)).limit(1);
  if (!card) return null;
  const [row] = await db.select().from(a).where(eq(a.id, id));
  return row ? { card, row } : null;
}

/** The next few appointments from now (Europe/Bucharest), for the side panel. */
export async function nextAppointments(
  db: Db,
  today: string,
  now: string,
  limit = 5,
): Promise<NextAppointment[]> {
  const rows = await db
    .select({ id: a.id, date: a.selectedDate, time: a.selectedTime, patient: patientCards.name })
    .from(a)
    .innerJoin(patientCards, eq(patientCards.id, a.patientId))
    // In the order of appointments_upcoming_idx (date or infinity, time, id): the first entries
    // are the answer. A row comparison is one index range; the equivalent OR would read every
    // earlier appointment.
    .where(
      and(
        isNotNull(a.selectedDate),
        sql`(${dateOrInfinity}, ${a.selectedTime}) >= (${today}::date, ${now}::time)`,
      ),
    )
    .orderBy(dateOrInfinity, asc(a.selectedTime), asc(a.id))
    .limit(literalInt(limit));
  return rows.map((r) => ({
    id: r.id,
    date: r.date ?? '',
    time: r.time ? hhmm(r.time) : '',
    patient: r.patient,
  }));
}

/** What a message about the appointment needs: its slot, place and the patient's contact. */
export async function appointmentFacts(db: Db, id: number) {
  const [row] = await db
    .select({
      id: a.id,
      patientId: a.patientId,
      status: a.status,
      holdsSlot: a.holdsSlot,
      publicRequest: a.publicRequest,
      date: a.selectedDate,
      time: a.selectedTime,
      calendar: calendarTitles.title,
      /** The calendar's consultations are remote: the messages are worded for a call (issue 54). */
      remote: calendarTitles.remote,
      patientName: patientCards.name,
      email: patientCards.email,
      phone: patientCards.phone,
    })
    .from(a)
    .innerJoin(patientCards, eq(patientCards.id, a.patientId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, a.calendarId))
    .where(eq(a.id, id));
  return row ? { ...row, remote: row.remote ?? false } : null;
}
export type AppointmentFacts = NonNullable<Awaited<ReturnType<typeof appointmentFacts>>>;

/** What the patient's page may show of an appointment, with the facts its rules need. */
export async function patientFacingAppointment(db: Db, id: number) {
  const [row] = await db
    .select({
      id: a.id,
      patientId: a.patientId,
      status: a.status,
      statusTitle: appointmentStatuses.title,
      statusBuiltin: appointmentStatuses.builtin,
      date: a.selectedDate,
      time: a.selectedTime,
      calendar: calendarTitles.title,
      remote: calendarTitles.remote,
      doctor: staffNames.name,
      cancelledAt: a.cancelledAt,
      attendanceConfirmedAt: a.attendanceConfirmedAt,
      rescheduleRequestedAt: a.rescheduleRequestedAt,
    })
    .from(a)
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, a.customStatusId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, a.calendarId))
    .leftJoin(staffNames, eq(staffNames.id, a.doctorId))
    .where(eq(a.id, id));
  return row ? { ...row, time: row.time ? hhmm(row.time) : null, remote: row.remote ?? false } : null;
}
export type PatientFacingAppointment = NonNullable<Awaited<ReturnType<typeof patientFacingAppointment>>>;

/** A doctor's slot-holding appointment as the feed and the time-off check list it. */
const doctorSlotColumns = {
  id: a.id,
  date: a.selectedDate,
  time: a.selectedTime,
  patient: patientCards.name,
  calendar: calendarTitles.title,
};

/** The doctor's slot-holding appointments from `from` (to `to`, when given). */
const doctorSlotsWhere = (doctorId: string, from: string, to?: string) =>
  and(
    eq(a.doctorId, doctorId),
    eq(a.holdsSlot, true),
    gte(a.selectedDate, from),
    to === undefined ? undefined : lte(a.selectedDate, to),
  );

/**
 * A doctor's slot-holding appointments from `from`, by date and time, with the patient, the
 * calendar and where the calendar's availability entry starting at its time ends (the doctor's
 * iCalendar feed). At most 5000: the feed is read by a calendar app, not paged.
 */
export function doctorSlotAppointments(db: Db, doctorId: string, from: string) {
  return db
    .select({ ...doctorSlotColumns, endsAt: calendarHours.toTime })
    .from(a)
    .innerJoin(patientCards, eq(patientCards.id, a.patientId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, a.calendarId))
    .leftJoin(
      calendarHours,
      and(
        eq(calendarHours.calendarId, a.calendarId),
        sql`${calendarHours.weekday} = extract(dow from ${a.selectedDate})::int`,
        sql`${calendarHours.fromTime} = coalesce(${a.selectedTime}, '08:00')`,
      ),
    )
    .where(doctorSlotsWhere(doctorId, from))
    .orderBy(asc(a.selectedDate), asc(a.selectedTime))
    .limit(literalInt(5000));
}

/** A doctor's slot-holding appointments on [from, to] (time off lists them: they need moving). */
export async function doctorAppointmentsBetween(
  db: Db,
  doctorId: string,
  from: string,
  to: string,
): Promise<AffectedAppointment[]> {
  const rows = await db
    .select(doctorSlotColumns)
    .from(a)
    .innerJoin(patientCards, eq(patientCards.id, a.patientId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, a.calendarId))
    .where(doctorSlotsWhere(doctorId, from, to))
    .orderBy(asc(a.selectedDate), asc(a.selectedTime));
  return rows.map((r) => ({
    id: r.id,
    patient: r.patient,
    date: r.date as string,
    time: hhmm(r.time),
    calendar: r.calendar,
  }));
}

/**
 * Slots held between two days: those of the calendar, plus the doctor's own in any calendar
 * (a doctor never holds two appointments at the same date and time).
 */
export async function takenSlots(
  db: Db,
  opts: { calendarId: number; doctorId?: string | null; from: string; to: string; exceptId?: number },
): Promise<AvailabilityData['appointments']> {
  const who = opts.doctorId
    ? or(eq(a.calendarId, opts.calendarId), eq(a.doctorId, opts.doctorId))
    : eq(a.calendarId, opts.calendarId);
  const rows = await db
    .selectDistinct({ selected_date: a.selectedDate, selected_time: a.selectedTime })
    .from(a)
    .where(
      and(
        eq(a.holdsSlot, true),
        who,
        gte(a.selectedDate, opts.from),
        lte(a.selectedDate, opts.to),
        opts.exceptId ? ne(a.id, opts.exceptId) : undefined,
      ),
    )
    .orderBy(asc(a.selectedDate), asc(a.selectedTime));
  return rows.map((r) => ({
    selected_date: r.selected_date ?? '',
    selected_time: hhmm(r.selected_time ?? ''),
  }));
}

/**
 * The calendar's slots held by an open waitlist offer between two days, with the hold's end
 * (the waitlist's published view slot_holds; an offer past its end holds nothing).
 */
export async function heldSlots(
  db: Db,
  opts: { calendarId: number; from: string; to: string; now: Date },
): Promise<AvailabilityData['held']> {
  const rows = await db
    .select({ date: slotHolds.date, time: slotHolds.time, until: slotHolds.expiresAt })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.calendarId, opts.calendarId),
        gte(slotHolds.date, opts.from),
        lte(slotHolds.date, opts.to),
        gt(slotHolds.expiresAt, opts.now),
      ),
    )
    .orderBy(asc(slotHolds.date), asc(slotHolds.time));
  return rows.map((r) => ({
    selected_date: r.date,
    selected_time: hhmm(r.time),
    until: r.until.toISOString(),
  }));
}

/** Visible statuses; `pickers` leaves out "Neprezentat", which has its own action after the time. */
export async function listStatuses(db: Db, { pickers = false } = {}): Promise<StatusRef[]> {
  return db
    .select({
      id: appointmentStatuses.id,
      title: appointmentStatuses.title,
      without_appointment: appointmentStatuses.withoutAppointment,
    })
    .from(appointmentStatuses)
    .where(
      and(
        eq(appointmentStatuses.hidden, false),
        pickers
          ? sql`${appointmentStatuses.builtin} is distinct from 'no_show' and ${appointmentStatuses.builtin} is distinct from 'completed'`
          : undefined,
      ),
    )
    .orderBy(asc(appointmentStatuses.title), asc(appointmentStatuses.id));
}

/** The doctors' time off that ends today or later, per doctor, in order (the pickers' "vacations"). */
export async function timeOffFrom(db: Db, today: string, doctorIds: string[]) {
  if (!doctorIds.length) return [];
  return db
    .select({
      id: timeOffPeriods.id,
      userId: timeOffPeriods.userId,
      from: timeOffPeriods.fromDate,
      to: timeOffPeriods.toDate,
    })
    .from(timeOffPeriods)
    .where(and(gte(timeOffPeriods.toDate, today), inArray(timeOffPeriods.userId, doctorIds)))
    .orderBy(asc(timeOffPeriods.fromDate));
}

/** A doctor's time off, every period (the slot rules). */
export async function doctorTimeOff(db: Db, doctorId: string | null) {
  if (!doctorId) return [];
  return db
    .select({ from: timeOffPeriods.fromDate, to: timeOffPeriods.toDate })
    .from(timeOffPeriods)
    .where(eq(timeOffPeriods.userId, doctorId));
}

/** A patient's appointments, newest first and undated last (the patient record's tab). */
export async function appointmentsOfPatient(db: Db, patientId: number) {
  const rows = await db
    .select({
      id: a.id,
      doctor: staffNames.name,
      doctor_id: a.doctorId,
      selected_date: a.selectedDate,
      selected_time: sql<string | null>`to_char(${a.selectedTime}, 'HH24:MI')`,
      status: a.status,
      custom_status_id: a.customStatusId,
      custom_title: appointmentStatuses.title,
      calendar_id: calendarTitles.id,
      calendar_title: calendarTitles.title,
    })
    .from(a)
    .leftJoin(staffNames, eq(staffNames.id, a.doctorId))
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, a.customStatusId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, a.calendarId))
    .where(eq(a.patientId, patientId))
    .orderBy(
      sql`${a.selectedDate} desc nulls last`,
      sql`${a.selectedTime} desc nulls last`,
      sql`${a.id} desc nulls last`,
    );
  return rows.map((r) => ({
    id: r.id,
    doctor: r.doctor,
    doctor_id: r.doctor_id,
    selected_date: r.selected_date,
    selected_time: r.selected_time,
    status: r.status,
    apstatus: r.custom_status_id ? { id: r.custom_status_id, title: r.custom_title ?? '' } : null,
    calendar: r.calendar_id ? { id: r.calendar_id, title: r.calendar_title ?? '' } : null,
  }));
}
