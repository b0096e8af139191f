/**
 * SQL of the journey figures (issue 15): no-show rates of the last days per doctor and per
 * calendar, split by whether the patient confirmed on the self-service page, and the public
 * requests close to the 48-hour promise.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { NoShowGroup } from '../../../domain/dashboard';
import type { Db } from '../../db/client';

type Row = Omit<NoShowGroup, 'id' | 'name'> & {
  doctor_id: string | null;
  doctor: string | null;
  calendar_id: number | null;
  calendar: string | null;
  grp: number;
};

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Appointments that held a slot on a day in [from, to) (not those cancelled or moved off their
 * slot), grouped by doctor, by calendar and overall in one pass (grouping sets).
 */
export async function noShowRates(db: Db, from: string, to: string) {
  const result = await rows<Row>(
    db,
    sql`select a.doctor_id, u.name as doctor, a.calendar_id, c.title as calendar,
        grouping(a.doctor_id, u.name, a.calendar_id, c.title)::int as grp,
        count(*)::int as total,
        count(*) filter (where st.builtin = 'no_show')::int as no_shows,
        count(*) filter (where a.attendance_confirmed_at is not null)::int as confirmed_total,
        count(*) filter (where a.attendance_confirmed_at is not null and st.builtin = 'no_show')::int
          as confirmed_no_shows
      from appointments a
      left join appointment_statuses st on st.id = a.custom_status_id
      left join users u on u.id = a.doctor_id
      left join calendars c on c.id = a.calendar_id
      where a.holds_slot and a.selected_date >= ${from} and a.selected_date < ${to}
      group by grouping sets ((a.doctor_id, u.name), (a.calendar_id, c.title), ())`,
  );
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
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from appointments
      where public_request and status = 'request' and created_at <= ${before.toISOString()}::timestamptz`,
  );
  return r.n;
}
