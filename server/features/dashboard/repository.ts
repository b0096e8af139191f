/**
 * SQL of the dashboard (definitions in docs/decisions/0012-dashboard-figures.md). The calendar
 * events it shows belong to the calendars feature.
 */
import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type DashboardStats,
  LATEST_APPOINTMENTS,
  WEEKLY_STATUSES,
  type WeekCounts,
  type WeeklyStatus,
} from '../../../domain/dashboard';
import { addDays, hhmm } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { appointments, patients, users } from '../../db/schema';
import { literalInt } from '../../platform/page-sql';

const a = appointments;

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
        (select coalesce(sum(n), 0)::int from appointment_completed_days where day < ${today}) as completed,
        (select count(*)::int from appointments
          where moved and holds_slot and selected_date >= ${today}) as rescheduled`,
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
      .limit(literalInt(LATEST_APPOINTMENTS)),
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
