/**
 * SQL of the calendars feature: the tabs, a calendar's events in a range (the dashboard's
 * calendar shows the same events, unfiltered), each ending where its availability entry ends
 * (eventEnd, as in the iCalendar feed), and its unavailable days; months kept until they change
 * (kept-months.ts). The administration's SQL is in admin-repository.ts.
 */
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import {
  type CalendarEvent,
  type DayMore,
  type EventCounts,
  eventEnd,
  type ViewFilter,
} from '../../../../domain/dashboard';
import { hhmm } from '../../../../domain/dates';
import type { Db } from '../../../db/client';
import {
  appointmentDayCounts,
  calendarAvailability,
  calendars,
  calendarUnavailableDays,
} from '../../../db/schema/calendars';
import {
  appointmentFacts,
  customStatuses,
  patientCards,
  staffNames,
  timeOffPeriods,
} from '../../../db/views';
import { literalInt } from '../../../platform/page-sql';
import { EVERY_CALENDAR, KeptMonths, SNAPSHOT_COLUMN } from './kept-months';

export type UnavailablePeriod = { from: string; to: string; reason: string | null };

/**
 * The calendar's unavailable periods that share a day with [start, end), in order, as JSON text
 * (NULL when there are none): one value, so a month's statement carries it beside its events
 * (docs/decisions/0074-calendar-month-reads.md).
 */
const unavailableJson = (calendarId: number, start: string, end: string) =>
  sql`(select json_agg(json_build_object('from', u.from_date, 'to', u.to_date, 'reason', u.reason)
    order by u.from_date, u.id)::text from ${calendarUnavailableDays} u
    where u.calendar_id = ${calendarId} and u.from_date < ${end} and u.to_date >= ${start})`;

const parsePeriods = (json: string | null | undefined): UnavailablePeriod[] =>
  json ? (JSON.parse(json) as UnavailablePeriod[]) : [];

export type EventFilter = {
  start: string;
  end: string;
  calendarId?: number;
  doctorId?: string | null;
} & ViewFilter;

export type CalendarEvents = { events: CalendarEvent[]; more: DayMore[]; counts: EventCounts };

type FoundEvent = {
  date: string;
  day_active: number;
  day_inactive: number;
  id: number | null;
  time: string | null;
  status: string;
  status_title: string | null;
  active: boolean;
  patient: string;
  doctor: string | null;
  calendar: string | null;
  ends_at: string | null;
  /** With `extra` from `calendarMonth`: the calendar's unavailable periods, on the first row. */
  unavailable?: string | null;
  /** On the first row: the snapshot the statement read in (kept-months.ts). */
  seen: string | null;
};

/** The order of `readEvents`' rows: by day and time, the ones that happen first, then as booked. */
const EVENT_ORDER = sql`ev.day, ev.at, ev.after, ev.id`;

/**
 * Dated appointments in [start, end) as calendar events, in display order: by day and time, the
 * ones that happen before the others at one time, then as booked. `includeInactive: false` leaves
 * out those that do not happen; `perDay` keeps each day's first events and says in `more` how many
 * are left. `counts` covers the whole range either way. One statement, so the events and the
 * counts are of one snapshot: each day's counts come from appointment_day_counts, then its first
 * events are read from an index in display order (appointments_calendar_day_idx,
 * appointments_day_order_idx), so a month costs its shown events, not its thousands of
 * appointments (docs/decisions/0047-calendar-month-by-day.md).
 */
async function readEvents(db: Db, f: EventFilter, extra: SQL = sql``): Promise<FoundEvent[]> {
  const scope: SQL[] = [];
  if (f.calendarId) scope.push(sql`a.calendar_id = ${f.calendarId}`);
  if (f.doctorId) scope.push(sql`a.doctor_id = ${f.doctorId}`);
  const scoped = sql.join([sql`true`, ...scope], sql` and `);
  // An appointment that does not happen (a custom status without appointment), tested on the
  // appointment alone: its status is read only for a custom status, from a hash of the few
  // statuses without appointment that PostgreSQL builds once for the statement.
  const inactive = sql`(a.status = 'custom' and coalesce(a.status_without, false))`;
  const shown = f.includeInactive === false ? sql`and not ${inactive}` : sql``;
  // Without the inactive ones the order is the index's own, so a day stops after its first rows;
  // with them, those that happen come first at each time (the public calendar has hundreds of
  // requests at 08:00 a day at 1,000,000 patients, all sorted when the order has one more key).
  const order =
    f.includeInactive === false
      ? sql`coalesce(a.selected_time, '08:00'), a.id`
      : sql`coalesce(a.selected_time, '08:00'), ${inactive}, a.id`;
  // The counts of each day: from the counts table (kept by a trigger, migration 0014), or for one
  // doctor's appointments, which it does not split, from their index.
  const dayCounts = f.doctorId
    ? sql`select a.selected_date as day,
          (count(*) filter (where not ${inactive}))::int as day_active,
          (count(*) filter (where ${inactive}))::int as day_inactive
        from ${appointmentFacts} a
        where a.selected_date >= ${f.start} and a.selected_date < ${f.end} and ${scoped}
        group by a.selected_date`
    : sql`select c.day,
          coalesce(sum(c.n) filter (where not coalesce(s.without_appointment, false)), 0)::int as day_active,
          coalesce(sum(c.n) filter (where coalesce(s.without_appointment, false)), 0)::int as day_inactive
        from ${appointmentDayCounts} c left join ${customStatuses} s on s.id = c.custom_status_id
        where c.day >= ${f.start} and c.day < ${f.end} ${f.calendarId ? sql`and c.calendar_id = ${f.calendarId}` : sql``}
        group by c.day having sum(c.n) > 0`;
  // The day's first events are found first (`ev`, materialised) from the appointments alone, and
  // only then joined to what names them: the statuses', doctors' and calendars' small tables
  // hashed once for the statement, and the availability entry that says where each ends (one
  // entry at most per calendar, weekday and start: migration 0025). Left to itself PostgreSQL
  // joined the small tables inside each day's loop (scanned again for each of the 28 days), and
  // a subquery per event cost more than the hash (docs/decisions/0076-calendar-month-joins.md).
  // The patient's name comes from the appointment row itself (migration 0024).
  // `extra`: columns the caller adds to the rows (`calendarMonth`: its unavailable days, computed
  // once for the statement and sent on the first row).
  // `av`: the availability entry starting at the event's time says where it ends (else
  // 30 minutes later: eventEnd), one entry at most, (calendar_id, weekday, from_time) being unique; the
  // weekday compared as stored, an int. (No comment inside the SQL: its text is sent each time.)
  const res = (await db.execute(sql`
    with days as (${dayCounts}),
    ev as materialized (
      select d.day, d.day_active, d.day_inactive, e.*
      from days d
      left join lateral (
        select a.id, a.selected_time as time, a.status, a.status_title,
          a.patient_id, a.doctor_id, a.calendar_id,
          coalesce(a.selected_time, '08:00') as at, ${inactive} as after
        from ${appointmentFacts} a
        where a.selected_date = d.day and ${scoped} ${shown}
        order by ${order}
        limit ${literalInt(f.perDay ?? 5000)}) e on true)
    select ${extra} case when row_number() over (order by ${EVENT_ORDER}) = 1 then ${SNAPSHOT_COLUMN} end as seen,
      ev.day::text as date, ev.day_active, ev.day_inactive, ev.id, ev.time, ev.status,
      ev.status_title, not ev.after as active, p.name as patient,
      u.name as doctor, cal.title as calendar, av.to_time as ends_at
    from ev
    left join ${patientCards} p on p.id = ev.patient_id
    left join ${staffNames} u on u.id = ev.doctor_id
    left join ${calendars} cal on cal.id = ev.calendar_id
    left join ${calendarAvailability} av on av.calendar_id = ev.calendar_id
      and av.weekday = extract(dow from ev.day)::int and av.from_time = ev.at
    order by ${EVENT_ORDER}`)) as unknown as { rows: FoundEvent[] };
  return res.rows;
}

/** The rows of `readEvents` as the calendar shows them. */
function toEvents(found: FoundEvent[], f: EventFilter): CalendarEvents {
  const days = new Map<string, { active: number; inactive: number; sent: number }>();
  const events: CalendarEvent[] = [];
  for (const x of found) {
    const day = days.get(x.date) ?? { active: x.day_active, inactive: x.day_inactive, sent: 0 };
    days.set(x.date, day);
    if (x.id === null) continue;
    day.sent++;
    const time = x.time ? hhmm(x.time) : '08:00';
    const end = eventEnd(time, x.ends_at ? hhmm(x.ends_at) : null);
    events.push({
      id: x.id,
      title: `${x.patient} - ${time}`,
      start: `${x.date}T${time}:00`,
      end: `${x.date}T${end}:00`,
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

type CalendarMonth = CalendarEvents & { unavailable: UnavailablePeriod[] };
/** The months kept for each database (one per app: tests build several). */
const keptMonths = new WeakMap<
  Db,
  { months: KeptMonths<CalendarMonth | null>; events: KeptMonths<CalendarEvents> }
>();
const keptBy = (db: Db) => {
  const kept = keptMonths.get(db) ?? { months: new KeptMonths(), events: new KeptMonths() };
  keptMonths.set(db, kept);
  return kept;
};
const monthKey = (f: EventFilter) =>
  [f.calendarId ?? '', f.doctorId ?? '', f.start, f.end, f.perDay ?? '', f.includeInactive ?? ''].join('|');

/**
 * Every calendar's events in the range (the dashboard's calendar), as `readEvents` describes; kept
 * until any calendar changes (kept-months.ts).
 */
export async function calendarEvents(db: Db, f: EventFilter): Promise<CalendarEvents> {
  return keptBy(db).events.get(db, monthKey(f), EVERY_CALENDAR, async () => {
    const found = await readEvents(db, f);
    return { value: toEvents(found, f), seen: found[0]?.seen ?? null };
  });
}

/**
 * A calendar's events in the range, with its unavailable periods that share a day with it; null
 * when the calendar does not exist. One statement when the range has events, which also proves
 * the calendar exists (a row comes from a day with its appointments); a range without any returns
 * no row to carry the periods, so they are read apart, with the calendar's existence. Kept until
 * the calendar changes (kept-months.ts).
 */
export async function calendarMonth(
  db: Db,
  f: EventFilter & { calendarId: number },
): Promise<CalendarMonth | null> {
  return keptBy(db).months.get(db, monthKey(f), f.calendarId, () => readMonth(db, f));
}

async function readMonth(
  db: Db,
  f: EventFilter & { calendarId: number },
): Promise<{ value: CalendarMonth | null; seen: string | null }> {
  const periods = unavailableJson(f.calendarId, f.start, f.end);
  // On the first row only (the same order, so one sort serves both): PostgreSQL sent a copy of
  // the periods with each of the month's 84 events, and the server read each.
  const found = await readEvents(
    db,
    f,
    sql`case when row_number() over (order by ${EVENT_ORDER}) = 1 then ${periods} end as unavailable,`,
  );
  if (found.length)
    return {
      value: { ...toEvents(found, f), unavailable: parsePeriods(found[0].unavailable) },
      seen: found[0].seen,
    };
  const res = (await db.execute(
    sql`select ${periods} as unavailable, ${SNAPSHOT_COLUMN} as seen from ${calendars} where id = ${f.calendarId}`,
  )) as unknown as { rows: { unavailable: string | null; seen: string }[] };
  const [row] = res.rows;
  return row
    ? { value: { ...toEvents([], f), unavailable: parsePeriods(row.unavailable) }, seen: row.seen }
    : { value: null, seen: null };
}

/** The doctor's time off on [from, to] (the month shows it beside the doctor's events), oldest first. */
export function doctorTimeOffBetween(db: Db, doctorId: string, from: string, to: string) {
  return db
    .select({ id: timeOffPeriods.id, from: timeOffPeriods.fromDate, to: timeOffPeriods.toDate })
    .from(timeOffPeriods)
    .where(
      and(
        eq(timeOffPeriods.userId, doctorId),
        lte(timeOffPeriods.fromDate, to),
        gte(timeOffPeriods.toDate, from),
      ),
    )
    .orderBy(asc(timeOffPeriods.fromDate));
}
