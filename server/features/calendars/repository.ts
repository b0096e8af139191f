/**
 * SQL of the calendars feature: the tabs, a calendar's events in a range (the dashboard's
 * calendar shows the same events, unfiltered), its unavailable days, and where availability
 * entries end (the events' and the iCalendar feed's end times).
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type {
  AdminCalendar,
  AvailabilityInput,
  CalendarInput,
  UnavailableDaysInput,
} from '../../../domain/admin';
import {
  addMinutes,
  type CalendarEvent,
  type DayMore,
  type EventCounts,
  type ViewFilter,
} from '../../../domain/dashboard';
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

export type EventFilter = {
  start: string;
  end: string;
  calendarId?: number;
  doctorId?: string | null;
} & ViewFilter;

export type CalendarEvents = { events: CalendarEvent[]; more: DayMore[]; counts: EventCounts };

/**
 * Dated appointments in [start, end) as calendar events, in display order: by day and time, the
 * ones that happen before the others at one time, then as booked. `includeInactive: false` leaves
 * out those that do not happen; `perDay` keeps each day's first events and says in `more` how many
 * are left. `counts` covers the whole range either way. One statement, so the events and the
 * counts are of one snapshot: a window numbers each day's events and counts them per day, and the
 * patient's name (a lookup by primary key) is read for the rows kept only.
 */
export async function calendarEvents(db: Db, f: EventFilter): Promise<CalendarEvents> {
  const where: SQL[] = [gte(a.selectedDate, f.start), lt(a.selectedDate, f.end)];
  if (f.calendarId) where.push(eq(a.calendarId, f.calendarId));
  if (f.doctorId) where.push(eq(a.doctorId, f.doctorId));
  const inactive = sql`(${a.status} = 'custom' and coalesce(${appointmentStatuses.withoutAppointment}, false))`;
  const visible = f.includeInactive === false ? sql`not ${inactive}` : sql`true`;
  const ranked = db
    .select({
      id: a.id,
      date: a.selectedDate,
      time: a.selectedTime,
      status: a.status,
      status_title: sql<string | null>`${appointmentStatuses.title}`.as('ev_status_title'),
      active: sql<boolean>`not ${inactive}`.as('ev_active'),
      visible: sql<boolean>`${visible}`.as('ev_visible'),
      patient_id: a.patientId,
      doctor_id: a.doctorId,
      calendar_id: a.calendarId,
      // Numbered apart: those sent, and (for the counts of a day without any) those left out.
      rn: sql<number>`row_number() over (partition by ${a.selectedDate}, ${visible} order by coalesce(${a.selectedTime}, '08:00'), ${inactive}, ${a.id})`.as(
        'ev_rn',
      ),
      day_active:
        sql<number>`(count(*) filter (where not ${inactive}) over (partition by ${a.selectedDate}))::int`.as(
          'ev_day_active',
        ),
      day_inactive:
        sql<number>`(count(*) filter (where ${inactive}) over (partition by ${a.selectedDate}))::int`.as(
          'ev_day_inactive',
        ),
    })
    .from(a)
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, a.customStatusId))
    .where(and(...where))
    .as('ranked');
  const r = ranked;
  const kept = f.perDay
    ? sql`(${r.visible} and ${r.rn} <= ${f.perDay}) or ${r.rn} = 1`
    : sql`${r.visible} or ${r.rn} = 1`;
  const found = await db
    .select({
      id: r.id,
      date: r.date,
      time: r.time,
      status: r.status,
      status_title: r.status_title,
      active: r.active,
      visible: r.visible,
      day_active: r.day_active,
      day_inactive: r.day_inactive,
      // A lookup per event by primary key: the planner preferred hashing every patient's name
      // for a month's thousand events (22 ms at 100,000 patients, docs/PERFORMANCE.md).
      patient: sql<string>`(select p.name from patients p where p.id = ${r.patient_id})`,
      doctor: users.name,
      calendar_id: r.calendar_id,
      calendar: calendars.title,
    })
    .from(r)
    .leftJoin(users, eq(users.id, r.doctor_id))
    .leftJoin(calendars, eq(calendars.id, r.calendar_id))
    .where(kept)
    .orderBy(r.date, desc(r.visible), r.rn)
    .limit(literalInt(5000));
  const calendarIds = [...new Set(found.map((x) => x.calendar_id).filter((id): id is number => id !== null))];
  const ends = await availabilityEnds(db, calendarIds);
  const days = new Map<string, { active: number; inactive: number; sent: number }>();
  const events: CalendarEvent[] = [];
  for (const x of found) {
    const date = x.date as string;
    const day = days.get(date) ?? { active: x.day_active, inactive: x.day_inactive, sent: 0 };
    days.set(date, day);
    if (!x.visible) continue;
    day.sent++;
    const time = x.time ? hhmm(x.time) : '08:00';
    const end = ends.get(`${x.calendar_id}:${weekdayOf(date)}:${time}`) ?? addMinutes(time, DEFAULT_MINUTES);
    events.push({
      id: x.id,
      title: `${x.patient} - ${time}`,
      start: `${date}T${time}:00`,
      end: `${date}T${end > time ? end : addMinutes(time, DEFAULT_MINUTES)}:00`,
      status: x.status,
      status_title: x.status_title,
      patient: x.patient,
      doctor: x.doctor,
      calendar: x.calendar,
      active: x.active,
    });
  }
  const counts = { active: 0, inactive: 0 };
  const more: DayMore[] = [];
  for (const [date, d] of days) {
    counts.active += d.active;
    counts.inactive += d.inactive;
    const left = d.active + (f.includeInactive === false ? 0 : d.inactive) - d.sent;
    if (f.perDay && left > 0) more.push({ date, count: left });
  }
  return { events, more, counts };
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
