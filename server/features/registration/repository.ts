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
