/**
 * The `_meta.total` of a list page. An exact count reads every matching row, so on a large
 * institute the total of an unfiltered list costs more than the page itself (100,000 patients:
 * most of the request's time, docs/PERFORMANCE.md). For the lists' default views, where nobody
 * typed a filter, the count stops after `EXACT_UP_TO` rows and beyond that the total is
 * PostgreSQL's own estimate from the table statistics (accurate to a few percent, always above
 * the exact limit). The patient list does the same with its filters, whose matches grow with
 * the institute (docs/decisions/list-totals.md); the other lists count their filters exactly.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export const EXACT_UP_TO = 10_000;

type Rows<T> = { rows: T[] };

/**
 * `query` selects the rows to count (any columns). `exact: true` always counts them all (a user
 * filter is set); otherwise the count is exact up to EXACT_UP_TO and estimated above it.
 */
export async function listTotal(db: Db, query: SQLWrapper, exact: boolean): Promise<number> {
  const inner: SQL = sql`${query}`;
  if (exact) {
    const res = (await db.execute(sql`select count(*)::int as n from (${inner}) t`)) as unknown as Rows<{
      n: number;
    }>;
    return res.rows[0].n;
  }
  const capped = (await db.execute(
    sql`select count(*)::int as n from (select 1 from (${inner}) q limit ${EXACT_UP_TO + 1}) t`,
  )) as unknown as Rows<{ n: number }>;
  const n = capped.rows[0].n;
  if (n <= EXACT_UP_TO) return n;
  const plan = (await db.execute(sql`explain (format json) ${inner}`)) as unknown as Rows<
    Record<string, unknown>
  >;
  const raw = Object.values(plan.rows[0])[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.max(EXACT_UP_TO + 1, Math.round(parsed[0].Plan['Plan Rows']));
}
