/**
 * The appointments' figures the dashboard shows (definitions in docs/decisions/0012-dashboard-figures.md
 * and 0081): pending, completed and rescheduled, the latest pending, the weekly counts, the no-show
 * rates and the requests close to the 48-hour promise.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  type DashboardStats,
  LATEST_APPOINTMENTS,
  type NoShowGroup,
  WEEKLY_STATUSES,
  type WeekCounts,
  type WeeklyStatus,
} from '../../../../domain/dashboard';
import { addDays, hhmm } from '../../../../domain/dates';
import type { Db } from '../../../db/client';
import { appointmentCompletedDays, appointmentStatuses, appointments } from '../../../db/schema/appointments';
import { calendarTitles, patientCards, staffNames } from '../../../db/views';
import { literalInt } from '../../../platform/page-sql';

const a = appointments;

/** Requests and confirmations: they keep the requested day but were not given a slot yet. */
const PENDING_STATUSES = ['request', 'appointment_request', 'scheduled_paperless', 'scheduled_with_papers'];

const pendingWhere = (today: string) => and(inArray(a.status, PENDING_STATUSES), gte(a.selectedDate, today));

export async function dashboardFigures(db: Db, today: string): Promise<DashboardStats> {
  const [[pending], [completed], [rescheduled], last] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(a).where(pendingWhere(today)),
    db
      .select({ n: sql<number>`coalesce(sum(${appointmentCompletedDays.n}), 0)::int` })
      .from(appointmentCompletedDays)
      .where(sql`${appointmentCompletedDays.day} < ${today}`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(a)
      .where(and(eq(a.moved, true), eq(a.holdsSlot, true), gte(a.selectedDate, today))),
    db
      .select({
        id: a.id,
        patient: patientCards.name,
        patient_phone: patientCards.phone,
        patient_email: patientCards.email,
        date: a.selectedDate,
        time: a.selectedTime,
        doctor: staffNames.name,
      })
      .from(a)
      .innerJoin(patientCards, eq(patientCards.id, a.patientId))
      .leftJoin(staffNames, eq(staffNames.id, a.doctorId))
      .where(pendingWhere(today))
      // The nearest first (issue 19 item 7): what is coming soonest needs looking at first.
      .orderBy(asc(a.selectedDate), asc(a.selectedTime), asc(a.id))
      .limit(literalInt(LATEST_APPOINTMENTS)),
  ]);
  return {
    pending: pending.n,
    completed: completed.n,
    rescheduled: rescheduled.n,
    last_appointments: last.map((r) => ({ ...r, time: r.time ? hhmm(r.time) : null })),
  };
}

/** Appointments per week (Monday) and status, for `weeks` weeks from the Monday `fromMonday`. */
export async function weeklyCounts(db: Db, fromMonday: string, weeks: number): Promise<WeekCounts[]> {
  const end = addDays(fromMonday, weeks * 7);
  const week = sql<string>`to_char(date_trunc('week', ${a.selectedDate}::timestamp), 'YYYY-MM-DD')`;
  const found = await db
    .select({ week, status: a.status, n: sql<number>`count(*)::int` })
    .from(a)
    .where(and(gte(a.selectedDate, fromMonday), sql`${a.selectedDate} < ${end}`))
    .groupBy(week, a.status);
  const out: WeekCounts[] = [];
  for (let i = 0; i < weeks; i++) {
    const week = addDays(fromMonday, i * 7);
    const counts = Object.fromEntries(WEEKLY_STATUSES.map((s) => [s, 0])) as Record<WeeklyStatus, number>;
    for (const f of found) if (f.week === week && f.status in counts) counts[f.status as WeeklyStatus] += f.n;
    out.push({ week, ...counts });
  }
  return out;
}

type Row = Omit<NoShowGroup, 'id' | 'name'> & {
  doctor_id: string | null;
  doctor: string | null;
  calendar_id: number | null;
  calendar: string | null;
  grp: number;
};

/**
 * Appointments that held a slot on a day in [from, to) (not those cancelled or moved off their
 * slot), grouped by doctor, by calendar and overall in one pass (grouping sets).
 */
export async function noShowRates(db: Db, from: string, to: string) {
  const res = (await db.execute(sql`select a.doctor_id, u.name as doctor, a.calendar_id, c.title as calendar,
        grouping(a.doctor_id, u.name, a.calendar_id, c.title)::int as grp,
        count(*)::int as total,
        count(*) filter (where st.builtin = 'no_show')::int as no_shows,
        count(*) filter (where a.attendance_confirmed_at is not null)::int as confirmed_total,
        count(*) filter (where a.attendance_confirmed_at is not null and st.builtin = 'no_show')::int
          as confirmed_no_shows
      from ${a} a
      left join ${appointmentStatuses} st on st.id = a.custom_status_id
      left join ${staffNames} u on u.id = a.doctor_id
      left join ${calendarTitles} c on c.id = a.calendar_id
      where a.holds_slot and a.selected_date >= ${from} and a.selected_date < ${to}
      group by grouping sets ((a.doctor_id, u.name), (a.calendar_id, c.title), ())`)) as unknown as {
    rows: Row[];
  };
  const result = res.rows;
  const figures = (r: Row, id: NoShowGroup['id'], name: string | null): NoShowGroup => ({
    id,
    name,
    total: r.total,
    no_shows: r.no_shows,
    confirmed_total: r.confirmed_total,
    confirmed_no_shows: r.confirmed_no_shows,
  });
  const byRate = (x: NoShowGroup, y: NoShowGroup) =>
    y.no_shows / Math.max(y.total, 1) - x.no_shows / Math.max(x.total, 1) ||
    (x.name ?? '').localeCompare(y.name ?? '');
  // grouping(): 3 = by doctor (calendar columns grouped away), 12 = by calendar, 15 = overall.
  const overall = result.find((r) => r.grp === 15);
  return {
    overall: overall
      ? figures(overall, null, null)
      : { id: null, name: null, total: 0, no_shows: 0, confirmed_total: 0, confirmed_no_shows: 0 },
    by_doctor: result
      .filter((r) => r.grp === 3)
      .map((r) => figures(r, r.doctor_id, r.doctor))
      .sort(byRate),
    by_calendar: result
      .filter((r) => r.grp === 12)
      .map((r) => figures(r, r.calendar_id, r.calendar))
      .sort(byRate),
  };
}

/** Public requests nobody has answered yet that arrived before `before`. */
export async function requestsNearDeadline(db: Db, before: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(a)
    .where(
      and(
        eq(a.publicRequest, true),
        eq(a.status, 'request'),
        sql`${a.createdAt} <= ${before.toISOString()}::timestamptz`,
      ),
    );
  return r.n;
}
