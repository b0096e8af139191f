/**
 * The `_meta.total` of a list page. An exact count reads every matching row, so on a large
 * institute the total of an unfiltered list costs more than the page itself (100,000 patients:
 * most of the request's time, docs/PERFORMANCE.md). For the lists' default views, where nobody
 * typed a filter, the count stops after `EXACT_UP_TO` rows and beyond that the total is
 * PostgreSQL's own estimate from the table statistics (accurate to a few percent, always above
 * the exact limit). Filtered views do the same, since their matches grow with the institute
 * too (docs/decisions/0021-list-totals.md).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EXACT_TOTAL_UP_TO as EXACT_UP_TO } from '../../domain/api';
import type { Db } from '../db/client';
import { literalInt } from './page-sql';

export { EXACT_UP_TO };

type Rows<T> = { rows: T[] };

/**
 * How to total a list. `capped`, for a filter: exact up to EXACT_UP_TO, estimated above it (its
 * matches may be few, and then the count is cheap and must be exact; when the planner expects
 * few, they are counted without a cap). `default-view`, for an unfiltered view: the same, except
 * that when the planner's estimate from the table statistics (accurate without a filter) is far
 * above the limit, it is the answer, without counting 1,000 rows on every request. `indexed`,
 * for a filter a btree index serves in full (a name's words, a status, a doctor, a CNP or phone
 * range): counted with the cap straight away, without asking the planner first (an EXPLAIN round
 * trip planned on every request), and estimated only when the cap is reached.
 */
export type TotalKind = 'capped' | 'default-view' | 'indexed';

/** The planner's row estimate when the estimate is at least this many times the exact limit. */
const TRUST_ESTIMATE_ABOVE = 5;

/**
 * How long a total above EXACT_UP_TO is reused for the same list and filters. Such a total is
 * shown as "peste 1.000" and is the planner's estimate from the table statistics, which ANALYZE
 * refreshes every few minutes at most: asking again on every request (an EXPLAIN, and for a
 * filter a count of 1,001 rows) bought nothing. A total up to EXACT_UP_TO is exact and never
 * reused, so a new patient or appointment shows in it at once.
 */
const ESTIMATE_TTL_MS = 60_000;
const estimates = new Map<string, { rows: number; until: number }>();
const dialect = new PgDialect();

/** `query` selects the rows to count (any columns). */
export async function listTotal(db: Db, query: SQLWrapper, kind: TotalKind): Promise<number> {
  const inner: SQL = sql`${query}`;
  const key = JSON.stringify(dialect.sqlToQuery(inner));
  const kept = estimates.get(key);
  if (kept && kept.until > performance.now()) return kept.rows;
  const total = await countOrEstimate(db, inner, kind);
  if (total > EXACT_UP_TO) {
    if (estimates.size >= 1000) estimates.clear();
    estimates.set(key, { rows: total, until: performance.now() + ESTIMATE_TTL_MS });
  }
  return total;
}

async function countOrEstimate(db: Db, inner: SQL, kind: TotalKind): Promise<number> {
  if (kind === 'indexed') {
    const n = await cappedCount(db, inner);
    return n <= EXACT_UP_TO ? n : Math.max(EXACT_UP_TO + 1, await plannedRows(db, inner));
  }
  const estimate = await plannedRows(db, inner);
  if (kind === 'default-view' && estimate >= TRUST_ESTIMATE_ABOVE * EXACT_UP_TO) return estimate;
  // Few matches expected: count them all with the planner's plan for all of them (a `limit`
  // above the expected matches makes it pick a plan that stops early, which never happens: a
  // sequential scan instead of the trigram index, 25 ms instead of 4 at 100,000 patients).
  if (estimate <= EXACT_UP_TO / 2) return exactCount(db, inner);
  const n = await cappedCount(db, inner);
  if (n <= EXACT_UP_TO) return n;
  return Math.max(EXACT_UP_TO + 1, estimate);
}

/** The matches counted up to EXACT_UP_TO + 1. */
async function cappedCount(db: Db, inner: SQL): Promise<number> {
  const capped = (await db.execute(
    sql`select count(*)::int as n from (select 1 from (${inner}) q limit ${literalInt(EXACT_UP_TO + 1)}) t`,
  )) as unknown as Rows<{ n: number }>;
  return capped.rows[0].n;
}

async function exactCount(db: Db, query: SQL): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from (${query}) t`)) as unknown as Rows<{
    n: number;
  }>;
  return res.rows[0].n;
}

/** PostgreSQL's estimate of the number of rows `query` returns (EXPLAIN, nothing is read). */
async function plannedRows(db: Db, query: SQL): Promise<number> {
  const plan = (await db.execute(sql`explain (format json) ${query}`)) as unknown as Rows<
    Record<string, unknown>
  >;
  const raw = Object.values(plan.rows[0])[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0].Plan['Plan Rows']);
}
