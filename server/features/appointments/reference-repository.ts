/**
 * SQL of the appointment area's reference data and slot facts: statuses, calendars, doctors and
 * their time off, a calendar's availability and the slots taken, and the patient picker's search.
 */
import { and, asc, eq, gte, like, ne, or, sql } from 'drizzle-orm';
import type { AvailabilityData, DoctorWithVacations, StatusRef } from '../../../domain/appointment-replies';
import { hhmm } from '../../../domain/dates';
import { pickerPatient } from '../../../domain/privacy';
import { type DayRange, WEEKDAY_NAMES } from '../../../domain/slots';
import { foldText, searchWords } from '../../../domain/text';
import type { Db } from '../../db/client';
import {
  appointmentStatuses,
  appointments,
  calendarAvailability,
  calendars,
  calendarUnavailableDays,
  patients,
  timeOff,
  users,
} from '../../db/schema';
import { literalInt } from '../../platform/page-sql';
import { likeContains } from '../../platform/prefix-match';

const a = appointments;
const p = patients;

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
        pickers ? sql`${appointmentStatuses.builtin} is distinct from 'no_show'` : undefined,
      ),
    )
    .orderBy(asc(appointmentStatuses.title), asc(appointmentStatuses.id));
}

export async function listCalendars(db: Db) {
  return db.select({ id: calendars.id, title: calendars.title }).from(calendars).orderBy(asc(calendars.id));
}

const doctorWhere = and(eq(users.doctor, true), eq(users.active, true), eq(users.authorized, true));

/** Active, authorised doctors with their time off still to come (the pickers' "vacations"). */
export async function listDoctors(db: Db, today: string): Promise<DoctorWithVacations[]> {
  const [docs, off] = await Promise.all([
    db.select({ id: users.id, name: users.name }).from(users).where(doctorWhere).orderBy(asc(users.name)),
    db
      .select({ id: timeOff.id, userId: timeOff.userId, from: timeOff.fromDate, to: timeOff.toDate })
      .from(timeOff)
      .where(gte(timeOff.toDate, today))
      .orderBy(asc(timeOff.fromDate)),
  ]);
  return docs.map((d) => ({
    ...d,
    vacations: off.filter((o) => o.userId === d.id).map(({ id, from, to }) => ({ id, from, to })),
  }));
}

export async function isActiveDoctor(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), doctorWhere));
  return Boolean(row);
}

export async function doctorTimeOff(db: Db, doctorId: string | null): Promise<DayRange[]> {
  if (!doctorId) return [];
  return db
    .select({ from: timeOff.fromDate, to: timeOff.toDate })
    .from(timeOff)
    .where(eq(timeOff.userId, doctorId));
}

export async function calendarFacts(db: Db, calendarId: number) {
  const [cal] = await db.select().from(calendars).where(eq(calendars.id, calendarId));
  if (!cal) return null;
  const [availability, unavailable] = await Promise.all([
    db
      .select({
        weekday: calendarAvailability.weekday,
        from: calendarAvailability.fromTime,
        to: calendarAvailability.toTime,
      })
      .from(calendarAvailability)
      .where(eq(calendarAvailability.calendarId, calendarId))
      .orderBy(asc(calendarAvailability.weekday), asc(calendarAvailability.fromTime)),
    db
      .select({ from: calendarUnavailableDays.fromDate, to: calendarUnavailableDays.toDate })
      .from(calendarUnavailableDays)
      .where(eq(calendarUnavailableDays.calendarId, calendarId)),
  ]);
  return { calendar: cal, availability, unavailable };
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
        sql`${a.selectedDate} <= ${opts.to}`,
        opts.exceptId ? ne(a.id, opts.exceptId) : undefined,
      ),
    )
    .orderBy(asc(a.selectedDate), asc(a.selectedTime));
  return rows.map((r) => ({
    selected_date: r.selected_date ?? '',
    selected_time: hhmm(r.selected_time ?? ''),
  }));
}

export const weekdayName = (weekday: number) => WEEKDAY_NAMES[weekday] ?? String(weekday);

/** Patients whose folded name contains the text (or whose CNP starts with it), for the picker. */
export async function searchPatients(db: Db, text: string, limit = 20) {
  const digits = /^\d+$/.test(text.trim());
  // The name contains the text, or every word starts a word of it in any order ("Petru Matei"
  // finds "Matei Petru"); the trigram index answers the `%…%` parts.
  const words = searchWords(text);
  const wordsMatch = and(
    ...words.map((w) =>
      and(
        like(p.nameSearch, likeContains(w)),
        like(sql`' ' || ${p.nameSearch}`, `% ${likeContains(w).slice(1)}`),
      ),
    ),
  );
  const where = digits
    ? like(p.cnp, `${text.trim()}%`)
    : words.length > 1
      ? or(like(p.nameSearch, likeContains(foldText(text))), wordsMatch)
      : like(p.nameSearch, likeContains(foldText(text)));
  const found = await db
    .select({ id: p.id, name: p.name, cnp: p.cnp })
    .from(p)
    .where(where)
    .orderBy(asc(p.nameSearch), asc(p.id))
    .limit(literalInt(limit));
  return found.map((r) => pickerPatient(r));
}
