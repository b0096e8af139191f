/**
 * Per-client daily budgets kept in the rate_limits table, so that every server node and a
 * restart see the same count (the public form's REGISTRATION_PER_ADDRESS_DAILY). The client
 * address is stored hashed; a day's rows are removed two days later.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/auth';
import { perDatabase } from '../per-database';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last day each scope's old rows were removed by this process, per database handle. Removing
 * them took a statement on every new client's first request (on the public form, nearly every
 * request), and that statement read every row of the scope's last two days: it grew with the
 * day's traffic. Once a day per process is enough, since a day's rows are only ever removed two
 * days later.
 */
const sweptOn = perDatabase(() => new Map<string, string>());

/**
 * Counts one more use of `scope` by `client` on `day` (YYYY-MM-DD) and says whether it is within
 * `max`. The count is taken in one statement, so concurrent requests cannot both take the last use.
 */
export async function takeDailyBudget(
  db: Db,
  scope: string,
  client: string,
  day: string,
  max: number,
  now: Date,
): Promise<boolean> {
  const hash = createHash('sha256').update(client).digest('hex').slice(0, 32);
  const key = `${scope}:${day}:${hash}`;
  // Written as SQL, not with Drizzle's insert builder: this runs on every public form request,
  // and building the insert from its column objects cost more than the rest of this function.
  const res = (await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now.getTime()})
    on conflict (key) do update set count = rate_limits.count + 1, last_request = excluded.last_request
    returning count`)) as unknown as { rows: { count: number }[] };
  const row = res.rows[0];
  const swept = sweptOn(db);
  if (row.count === 1 && swept.get(scope) !== day) {
    // The scope's first new client of the day (in this process): the place to forget old days.
    swept.set(scope, day);
    await db
      .delete(rateLimits)
      .where(and(like(rateLimits.key, `${scope}:%`), lt(rateLimits.lastRequest, now.getTime() - 2 * DAY_MS)));
  }
  return row.count <= max;
}

/**
 * Records `token` as used in `scope`; true the first time, false when it was used before (on any
 * node: the same table). Tokens older than `keepMs` are forgotten (they have expired by then).
 */
export async function takeOnce(
  db: Db,
  scope: string,
  token: string,
  now: Date,
  keepMs: number,
): Promise<boolean> {
  const hash = createHash('sha256').update(token).digest('hex').slice(0, 40);
  const inserted = (
    (await db.execute(sql`
      insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${`${scope}:${hash}`}, 1, ${now.getTime()})
      on conflict (key) do nothing
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  if (inserted.length === 1 && Math.random() < 0.05)
    await db
      .delete(rateLimits)
      .where(and(like(rateLimits.key, `${scope}:%`), lt(rateLimits.lastRequest, now.getTime() - keepMs)));
  return inserted.length === 1;
}
