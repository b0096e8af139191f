/**
 * SQL of the calendars feature: the tabs, a calendar's events in a range (the dashboard's
 * calendar shows the same events, unfiltered), its unavailable days, and where availability
 * entries end (the events' and the iCalendar feed's end times).
 */
import { and, asc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
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
    .limit(5000);
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
