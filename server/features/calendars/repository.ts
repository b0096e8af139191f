/**
 * SQL of the calendars feature: the tabs, a calendar's events in a range (the dashboard's
 * calendar shows the same events, unfiltered), its unavailable days, and where availability
 * entries end (the events' and the iCalendar feed's end times).
 */
import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type {
  AdminCalendar,
  AvailabilityInput,
  CalendarInput,
  UnavailableDaysInput,
} from '../../../domain/admin';
import { addMinutes, type CalendarEvent } from '../../../domain/dashboard';
import { hhmm, weekdayOf } from '../../../domain/dates';
import type { Db } from '../../db/client';
import {
  appointmentStatuses,
  appointments,
  calendarAvailability,
  calendars,
  calendarUnavailableDays,
  users,
} from '../../db/schema';
import { literalInt } from '../../platform/page-sql';

const a = appointments;
const DEFAULT_MINUTES = 30;

/** Every calendar, in creation order (one tab each). */
export function listCalendars(db: Db) {
  return db.select({ id: calendars.id, title: calendars.title }).from(calendars).orderBy(asc(calendars.id));
}

export async function calendarExists(db: Db, id: number): Promise<boolean> {
  const [cal] = await db.select({ id: calendars.id }).from(calendars).where(eq(calendars.id, id));
  return !!cal;
}

/** The calendar's unavailable periods that share a day with [from, to]. */
export function unavailableDaysBetween(db: Db, calendarId: number, from: string, to: string) {
  return db
    .select({
      from: calendarUnavailableDays.fromDate,
      to: calendarUnavailableDays.toDate,
      reason: calendarUnavailableDays.reason,
    })
    .from(calendarUnavailableDays)
    .where(
      and(
        eq(calendarUnavailableDays.calendarId, calendarId),
        lte(calendarUnavailableDays.fromDate, to),
        gte(calendarUnavailableDays.toDate, from),
      ),
    );
}

export type EventFilter = { start: string; end: string; calendarId?: number; doctorId?: string | null };

/** Dated appointments in [start, end) as calendar events, ordered by day and time. */
export async function calendarEvents(db: Db, f: EventFilter): Promise<CalendarEvent[]> {
  const where: SQL[] = [gte(a.selectedDate, f.start), lt(a.selectedDate, f.end)];
  if (f.calendarId) where.push(eq(a.calendarId, f.calendarId));
  if (f.doctorId) where.push(eq(a.doctorId, f.doctorId));
  const found = await db
    .select({
      id: a.id,
      date: a.selectedDate,
      time: a.selectedTime,
      status: a.status,
      status_title: appointmentStatuses.title,
      without_appointment: appointmentStatuses.withoutAppointment,
      // A lookup per event by primary key: the planner preferred hashing every patient's name
      // for a month's thousand events (22 ms at 100,000 patients, docs/PERFORMANCE.md).
      patient: sql<string>`(select p.name from patients p where p.id = ${a.patientId})`,
      doctor: users.name,
      calendar_id: a.calendarId,
      calendar: calendars.title,
    })
    .from(a)
    .leftJoin(users, eq(users.id, a.doctorId))
    .leftJoin(calendars, eq(calendars.id, a.calendarId))
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, a.customStatusId))
    .where(and(...where))
    .orderBy(a.selectedDate, a.selectedTime, a.id)
    .limit(literalInt(5000));
  const calendarIds = [...new Set(found.map((r) => r.calendar_id).filter((id): id is number => id !== null))];
  const ends = await availabilityEnds(db, calendarIds);
  return found.map((r) => {
    const time = r.time ? hhmm(r.time) : '08:00';
    const date = r.date as string;
    const end = ends.get(`${r.calendar_id}:${weekdayOf(date)}:${time}`) ?? addMinutes(time, DEFAULT_MINUTES);
    return {
      id: r.id,
      title: `${r.patient} - ${time}`,
      start: `${date}T${time}:00`,
      end: `${date}T${end > time ? end : addMinutes(time, DEFAULT_MINUTES)}:00`,
      status: r.status,
      status_title: r.status_title,
      patient: r.patient,
      doctor: r.doctor,
      calendar: r.calendar,
      active: !(r.status === 'custom' && r.without_appointment),
    };
  });
}

/** "calendar:weekday:from" -> to, so an event ends where its availability entry ends. */
export async function availabilityEnds(db: Db, calendarIds: number[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (calendarIds.length === 0) return map;
  const entries = await db
    .select({
      calendarId: calendarAvailability.calendarId,
      weekday: calendarAvailability.weekday,
      from: calendarAvailability.fromTime,
      to: calendarAvailability.toTime,
    })
    .from(calendarAvailability)
    .where(inArray(calendarAvailability.calendarId, calendarIds));
  for (const e of entries) map.set(`${e.calendarId}:${e.weekday}:${hhmm(e.from)}`, hhmm(e.to));
  return map;
}

// ------------------------------------------------------------------ administration (superadmins)

/** Every calendar with its availability entries, unavailable days and how many appointments use it. */
export async function listCalendarsForAdmin(db: Db): Promise<AdminCalendar[]> {
  const [cals, avail, days, used] = await Promise.all([
    db.select().from(calendars).orderBy(asc(calendars.id)),
    db
      .select()
      .from(calendarAvailability)
      .orderBy(asc(calendarAvailability.weekday), asc(calendarAvailability.fromTime)),
    db.select().from(calendarUnavailableDays).orderBy(asc(calendarUnavailableDays.fromDate)),
    db
      .select({ calendarId: appointments.calendarId, n: count() })
      .from(appointments)
      .groupBy(appointments.calendarId),
  ]);
  return cals.map((c) => ({
    id: c.id,
    title: c.title,
    publicRequests: c.publicRequests,
    dailyCapacity: c.dailyCapacity,
    appointments: Number(used.find((u) => u.calendarId === c.id)?.n ?? 0),
    availability: avail
      .filter((a) => a.calendarId === c.id)
      .map((a) => ({ id: a.id, weekday: a.weekday, from: hhmm(a.fromTime), to: hhmm(a.toTime) })),
    unavailableDays: days
      .filter((d) => d.calendarId === c.id)
      .map((d) => ({ id: d.id, from: d.fromDate, to: d.toDate, reason: d.reason })),
  }));
}

/** The calendar, locked until the transaction ends (writes to one calendar run one at a time). */
export async function lockCalendar(tx: Db, id: number) {
  const [c] = await tx.select().from(calendars).where(eq(calendars.id, id)).for('update');
  return c;
}

/** Takes public requests away from every calendar but `id`. */
export async function clearOtherPublic(tx: Db, id: number) {
  await tx
    .update(calendars)
    .set({ publicRequests: false })
    .where(and(eq(calendars.publicRequests, true), ne(calendars.id, id)));
}

export async function insertCalendar(tx: Db, input: CalendarInput): Promise<number> {
  const [c] = await tx
    .insert(calendars)
    .values({ title: input.title, publicRequests: input.publicRequests, dailyCapacity: input.dailyCapacity })
    .returning({ id: calendars.id });
  return c.id;
}

export async function updateCalendar(tx: Db, id: number, input: CalendarInput) {
  await tx
    .update(calendars)
    .set({ title: input.title, publicRequests: input.publicRequests, dailyCapacity: input.dailyCapacity })
    .where(eq(calendars.id, id));
}

export async function appointmentCount(tx: Db, calendarId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(eq(appointments.calendarId, calendarId));
  return Number(n);
}

export async function deleteCalendar(tx: Db, id: number) {
  await tx.delete(calendars).where(eq(calendars.id, id));
}

/** Whether an entry of the same weekday overlaps [from, to) (touching ends do not overlap). */
export async function availabilityOverlaps(
  tx: Db,
  calendarId: number,
  input: AvailabilityInput,
  exceptId?: number,
): Promise<boolean> {
  const [clash] = await tx
    .select({ id: calendarAvailability.id })
    .from(calendarAvailability)
    .where(
      and(
        eq(calendarAvailability.calendarId, calendarId),
        eq(calendarAvailability.weekday, input.weekday),
        lt(calendarAvailability.fromTime, input.to),
        gt(calendarAvailability.toTime, input.from),
        exceptId === undefined ? undefined : ne(calendarAvailability.id, exceptId),
      ),
    )
    .limit(1);
  return !!clash;
}

export async function insertAvailability(
  tx: Db,
  calendarId: number,
  input: AvailabilityInput,
): Promise<number> {
  const [row] = await tx
    .insert(calendarAvailability)
    .values({ calendarId, weekday: input.weekday, fromTime: input.from, toTime: input.to })
    .returning({ id: calendarAvailability.id });
  return row.id;
}

/** True when the entry exists in that calendar (and was changed). */
export async function updateAvailability(
  tx: Db,
  calendarId: number,
  entryId: number,
  input: AvailabilityInput,
): Promise<boolean> {
  const done = await tx
    .update(calendarAvailability)
    .set({ weekday: input.weekday, fromTime: input.from, toTime: input.to })
    .where(and(eq(calendarAvailability.id, entryId), eq(calendarAvailability.calendarId, calendarId)))
    .returning({ id: calendarAvailability.id });
  return done.length > 0;
}

/** The deleted entry, or undefined when the calendar has no such entry. */
export async function deleteAvailability(tx: Db, calendarId: number, entryId: number) {
  const [done] = await tx
    .delete(calendarAvailability)
    .where(and(eq(calendarAvailability.id, entryId), eq(calendarAvailability.calendarId, calendarId)))
    .returning();
  return done;
}

export async function insertUnavailableDays(
  tx: Db,
  calendarId: number,
  input: UnavailableDaysInput,
): Promise<number> {
  const [row] = await tx
    .insert(calendarUnavailableDays)
    .values({ calendarId, fromDate: input.from, toDate: input.to, reason: input.reason || null })
    .returning({ id: calendarUnavailableDays.id });
  return row.id;
}

/** The deleted range, or undefined when the calendar has no such range. */
export async function deleteUnavailableDays(tx: Db, calendarId: number, rangeId: number) {
  const [done] = await tx
    .delete(calendarUnavailableDays)
    .where(and(eq(calendarUnavailableDays.id, rangeId), eq(calendarUnavailableDays.calendarId, calendarId)))
    .returning();
  return done;
}
