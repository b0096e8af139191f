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
import { perDatabase } from './per-database';

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
const estimates = perDatabase(() => new Map<string, { rows: number; until: number }>());
const dialect = new PgDialect();

/**
 * `query` selects the rows to count (any columns). `key`, as for `pageAndTotal`: a name for the
 * query and its values, so a kept total is found without writing the count's SQL.
 */
export async function listTotal(
  db: Db,
  query: SQLWrapper,
  kind: TotalKind,
  givenKey?: string,
): Promise<number> {
  const { inner, key, known } = kept(db, query, givenKey);
  if (known !== undefined) return known;
  const how = await howToCount(db, inner, kind);
  const counted = 'total' in how ? how.total : await countOf(db, how.count);
  return settle(db, inner, key, how, counted);
}

/** The name of the column `pageAndTotal` adds to a page's rows. */
export const TOTAL_COLUMN = 'list_total';

/**
 * A list's page and its total in one statement where the total must be counted: the count rides
 * along as a column of the page's rows (an uncorrelated subquery, run once), which saves a round
 * trip on every filtered request whose matches are counted (docs/decisions/0057-count-with-page.md).
 * `readPage(column)` reads the page, adding `column` to its select list as `TOTAL_COLUMN` when
 * given; without one (the total was known or counted apart), the rows come back as they are.
 * An empty page (no match, or past the last page) has nowhere to carry the count: it is counted
 * apart. Options: `pageNeedsTotal`, the page's plan depends on the total (the patient list
 * collects few matches and walks many), so an unknown total is counted first, as `listTotal`
 * does; `key`, a name for `query` and its values, so a kept total is found without writing the
 * count's SQL (a list whose statements are built once, server/platform/built-once.ts).
 */
export async function pageAndTotal<R>(
  db: Db,
  query: SQLWrapper,
  kind: TotalKind,
  readPage: (column: SQL<number> | null, total: number | undefined) => Promise<R[]>,
  { pageNeedsTotal = false, key: givenKey }: { pageNeedsTotal?: boolean; key?: string } = {},
): Promise<{ rows: R[]; total: number }> {
  const { inner, key, known } = kept(db, query, givenKey);
  if (known !== undefined) return { rows: await readPage(null, known), total: known };
  const how = await howToCount(db, inner, kind);
  if ('total' in how || pageNeedsTotal) {
    const counted = 'total' in how ? how.total : await countOf(db, how.count);
    const total = await settle(db, inner, key, how, counted);
    return { rows: await readPage(null, total), total };
  }
  const withCount = await readPage(asColumn(how.count), undefined);
  const counted = withCount.length
    ? Number((withCount[0] as Record<string, unknown>)[TOTAL_COLUMN])
    : await countOf(db, how.count);
  const rows = withCount.map((r) => {
    const { [TOTAL_COLUMN]: _, ...rest } = r as Record<string, unknown>;
    return rest as R;
  });
  return { rows, total: await settle(db, inner, key, how, counted) };
}

/** The query as SQL, its cache key, and its total when an estimate is kept for it. */
function kept(db: Db, query: SQLWrapper, givenKey?: string) {
  const inner: SQL = sql`${query}`;
  const key = givenKey ?? JSON.stringify(dialect.sqlToQuery(inner));
  const hit = estimates(db).get(key);
  return { inner, key, known: hit && hit.until > performance.now() ? hit.rows : undefined };
}

/**
 * How to total: a number already (the planner's estimate of a large default view), or a count
 * statement, `capped` at EXACT_UP_TO + 1 or exact, with the planner's estimate when it was asked.
 */
type Counting = { total: number } | { count: SQL; capped: boolean; estimate?: number };

async function howToCount(db: Db, inner: SQL, kind: TotalKind): Promise<Counting> {
  if (kind === 'indexed') return { count: cappedCount(inner), capped: true };
  const estimate = await plannedRows(db, inner);
  if (kind === 'default-view' && estimate >= TRUST_ESTIMATE_ABOVE * EXACT_UP_TO) return { total: estimate };
  // Few matches expected: count them all with the planner's plan for all of them (a `limit`
  // above the expected matches makes it pick a plan that stops early, which never happens: a
  // sequential scan instead of the trigram index, 25 ms instead of 4 at 100,000 patients).
  if (estimate <= EXACT_UP_TO / 2) return { count: exactCount(inner), capped: false };
  return { count: cappedCount(inner), capped: true, estimate };
}

/** The total from what was counted (an estimate beyond the cap), kept a while when estimated. */
async function settle(db: Db, inner: SQL, key: string, how: Counting, counted: number) {
  if ('total' in how) return keep(db, key, how.total);
  if (!how.capped || counted <= EXACT_UP_TO) return keep(db, key, counted);
  return keep(db, key, Math.max(EXACT_UP_TO + 1, how.estimate ?? (await plannedRows(db, inner))));
}

function keep(db: Db, key: string, total: number): number {
  if (total > EXACT_UP_TO) {
    const ofDb = estimates(db);
    if (ofDb.size >= 1000) ofDb.clear();
    ofDb.set(key, { rows: total, until: performance.now() + ESTIMATE_TTL_MS });
  }
  return total;
}

async function countOf(db: Db, count: SQL): Promise<number> {
  const res = (await db.execute(count)) as unknown as Rows<{ n: number }>;
  return res.rows[0].n;
}

/**
 * The column `pageAndTotal` gives an 'indexed' list's page (`readPage(column)`), for a page built
 * once with placeholders in `inner` (its values are the page's: they cannot be the column's).
 */
export const indexedTotalColumn = (inner: SQL): SQL<number> => asColumn(cappedCount(inner));

/** A count statement as a column of a page's rows (an uncorrelated subquery, run once). */
const asColumn = (count: SQL) => sql<number>`(${count})`;

/** The matches counted up to EXACT_UP_TO + 1. */
function cappedCount(inner: SQL): SQL {
  return sql`select count(*)::int as n from (select 1 from (${inner}) q limit ${literalInt(EXACT_UP_TO + 1)}) t`;
}

function exactCount(query: SQL): SQL {
  return sql`select count(*)::int as n from (${query}) t`;
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
