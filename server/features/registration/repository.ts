/**
 * The public form's read of a day (the registration feature owns no table): the public calendar,
 * whether the day is closed, how many requests it has and the consent versions, in one statement
 * over the owners' published views (server/db/views.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarClosedDays, calendarTitles, consentVersions, publicDayRequests } from '../../db/views';

export type PublicDayRow = {
  id: number;
  title: string;
  daily_capacity: number | null;
  closed: boolean;
  taken: number;
  current_consent_version: string | null;
  consent_version_known: boolean;
};

/** Everything the public form asks of the database about a day. No row: no public calendar. */
export async function publicDayRow(
  db: Db,
  day: string,
  consentVersion: string | null,
): Promise<PublicDayRow | null> {
  const res = (await db.execute(sql`
    select c.id, c.title, c.daily_capacity,
      exists (select 1 from ${calendarClosedDays} u
              where u.calendar_id = c.id and u.from_date <= ${day}::date and u.to_date >= ${day}::date) as closed,
      coalesce((select r.count from ${publicDayRequests} r where r.calendar_id = c.id and r.day = ${day}::date), 0)::int as taken,
      (select t.version from ${consentVersions} t order by t.created_at desc, t.version desc limit 1) as current_consent_version,
      exists (select 1 from ${consentVersions} t where t.version = ${consentVersion}::text) as consent_version_known
    from ${calendarTitles} c
    where c.public_requests
    order by c.id
    limit 1`)) as unknown as { rows: PublicDayRow[] };
  return res.rows[0] ?? null;
}

/**
 * The public calendar's days the form cannot take between `from` and `to`: its unavailable days
 * (clipped to the window) and the days full at its capacity (else `defaultCapacity`), in order.
 * A few rows: the calendar's closures and the days with requests, each read by its calendar.
 */
export async function publicClosedRanges(
  db: Db,
  from: string,
  to: string,
  defaultCapacity: number,
): Promise<{ from: string; to: string }[]> {
  const res = (await db.execute(sql`
    with c as (select id, daily_capacity from ${calendarTitles} where public_requests order by id limit 1)
    select to_char(greatest(u.from_date, ${from}::date), 'YYYY-MM-DD') as "from",
           to_char(least(u.to_date, ${to}::date), 'YYYY-MM-DD') as "to"
      from ${calendarClosedDays} u join c on u.calendar_id = c.id
      where u.to_date >= ${from}::date and u.from_date <= ${to}::date
    union all
    select to_char(r.day, 'YYYY-MM-DD'), to_char(r.day, 'YYYY-MM-DD')
      from ${publicDayRequests} r join c on r.calendar_id = c.id
      where r.day between ${from}::date and ${to}::date
        and r.count >= coalesce(c.daily_capacity, ${defaultCapacity})
    order by 1, 2`)) as unknown as { rows: { from: string; to: string }[] };
  return res.rows;
}
