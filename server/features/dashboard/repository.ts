/**
 * SQL of the dashboard (definitions in docs/decisions/0012-dashboard-figures.md) and the
 * appointment-to-calendar-event mapping shared with the calendars area.
 */
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  addMinutes,
  type CalendarEvent,
  type DashboardStats,
  WEEKLY_STATUSES,
  type WeekCounts,
  type WeeklyStatus,
} from '../../../domain/dashboard';
import { addDays, hhmm, weekdayOf } from '../../../domain/dates';
import type { Db } from '../../db/client';
import {
  appointmentStatuses,
  appointments,
  calendarAvailability,
  calendars,
  patients,
  users,
} from '../../db/schema';

const a = appointments;
const DEFAULT_MINUTES = 30;

/** Requests and confirmations: they keep the requested day but were not given a slot yet. */
export const PENDING_STATUSES = [
  'request',
  'appointment_request',
  'scheduled_paperless',
  'scheduled_with_papers',
];

const pendingWhere = (today: string) => and(inArray(a.status, PENDING_STATUSES), gte(a.selectedDate, today));

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export async function dashboardStats(db: Db, today: string): Promise<DashboardStats> {
  const [[counts], last] = await Promise.all([
    rows<{ pending: number; completed: number; rescheduled: number }>(
      db,
      sql`select
        (select count(*)::int from appointments
          where status in ('request','appointment_request','scheduled_paperless','scheduled_with_papers')
            and selected_date >= ${today}) as pending,
        (select count(*)::int from appointments ap
          left join appointment_statuses st on st.id = ap.custom_status_id
          where ap.selected_date < ${today}
            and (ap.holds_slot or (ap.status = 'custom' and st.without_appointment))) as completed,
        (select count(*)::int from appointments ap
          where ap.holds_slot and ap.selected_date >= ${today}
            and exists (
              select 1 from audit_events e
              where e.action in ('appointment.create', 'appointment.set-status')
                and e.entity_type = 'appointment' and e.entity_id = ap.id::text
                and e.details ->> 'date' is not null
                and (e.details ->> 'date' <> ap.selected_date::text
                  or e.details ->> 'time' <> to_char(ap.selected_time, 'HH24:MI')
                  or (e.details ->> 'calendarId')::int <> ap.calendar_id))) as rescheduled`,
    ),
    db
      .select({
        id: a.id,
        patient: patients.name,
        patient_phone: patients.phone,
        patient_email: patients.email,
        date: a.selectedDate,
        time: a.selectedTime,
        doctor: users.name,
      })
      .from(a)
      .innerJoin(patients, eq(patients.id, a.patientId))
      .leftJoin(users, eq(users.id, a.doctorId))
      .where(pendingWhere(today))
      // The nearest first (issue 19 item 7): what is coming soonest needs looking at first.
      .orderBy(asc(a.selectedDate), asc(a.selectedTime), asc(a.id))
      .limit(10),
  ]);
  return {
    pending: counts.pending,
    completed: counts.completed,
    rescheduled: counts.rescheduled,
    last_appointments: last.map((r) => ({ ...r, time: r.time ? hhmm(r.time) : null })),
  };
}

/** Appointments per week (Monday) and status, for `weeks` weeks from the Monday `fromMonday`. */
export async function weeklyCounts(db: Db, fromMonday: string, weeks: number): Promise<WeekCounts[]> {
  const end = addDays(fromMonday, weeks * 7);
  const found = await rows<{ week: string; status: string; n: number }>(
    db,
    sql`select to_char(date_trunc('week', selected_date::timestamp), 'YYYY-MM-DD') as week, status, count(*)::int as n
        from appointments where selected_date >= ${fromMonday} and selected_date < ${end}
        group by 1, 2`,
  );
  const out: WeekCounts[] = [];
  for (let i = 0; i < weeks; i++) {
    const week = addDays(fromMonday, i * 7);
    const counts = Object.fromEntries(WEEKLY_STATUSES.map((s) => [s, 0])) as Record<WeeklyStatus, number>;
    for (const f of found) if (f.week === week && f.status in counts) counts[f.status as WeeklyStatus] += f.n;
    out.push({ week, ...counts });
  }
  return out;
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
