/**
 * The `_meta.total` of a list page. An exact count reads every matching row, so on a large
 * institute the total of a list costs more than the page itself. So the count stops after
 * `EXACT_UP_TO` + 1 rows, and beyond that the total is PostgreSQL's own estimate from the table
 * statistics (accurate to a few percent, shown as "peste 1.000"): docs/decisions/0021-list-totals.md.
 * The count rides along with the page as a column of its rows, so a page and its total are one
 * statement (docs/decisions/0057-count-with-page.md).
 *
 * A total beyond the cap is kept for a minute for the same query and values: it is shown as
 * "peste 1.000" and comes from statistics ANALYZE refreshes every few minutes at most, so counting
 * 1,001 rows and asking the planner again on every request bought nothing. Without it, a common
 * name's appointment list answered an eighth of its requests per second (0086). A total up to the
 * cap is exact and never kept, so a new patient or appointment shows in it at once.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EXACT_TOTAL_UP_TO as EXACT_UP_TO } from '../../domain/api';
import type { Db } from '../db/client';
import { literalInt } from './page-sql';
import { perDatabase } from './per-database';

export { EXACT_UP_TO };

/** The name of the column `pageAndTotal` adds to a page's rows. */
export const TOTAL_COLUMN = 'list_total';

type Rows<T> = { rows: T[] };

const ESTIMATE_TTL_MS = 60_000;
const estimates = perDatabase(() => new Map<string, { rows: number; until: number }>());
const dialect = new PgDialect();

/** The query's key (its text and values) and the total kept for it, if any. */
function kept(db: Db, inner: SQL) {
  const key = JSON.stringify(dialect.sqlToQuery(inner));
  const hit = estimates(db).get(key);
  return { key, known: hit && hit.until > performance.now() ? hit.rows : undefined };
}

function keep(db: Db, key: string, total: number): number {
  if (total > EXACT_UP_TO) {
    const ofDb = estimates(db);
    if (ofDb.size >= 1000) ofDb.clear();
    ofDb.set(key, { rows: total, until: performance.now() + ESTIMATE_TTL_MS });
  }
  return total;
}

/**
 * A list's page and its total. `query` selects the rows to count (any columns); `readPage(column)`
 * reads the page, adding `column` to its select list as `TOTAL_COLUMN` (null: the total is kept,
 * read the page alone). An empty page (no match, or past the last page) has nowhere to carry the
 * count: it is counted apart.
 */
export async function pageAndTotal<R>(
  db: Db,
  query: SQLWrapper,
  readPage: (column: SQL<number> | null) => PromiseLike<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const inner: SQL = sql`${query}`;
  const { key, known } = kept(db, inner);
  if (known !== undefined) return { rows: await readPage(null), total: known };
  const withCount = await readPage(countColumn(inner));
  const counted = withCount.length
    ? Number((withCount[0] as Record<string, unknown>)[TOTAL_COLUMN])
    : await countOf(db, cappedCount(inner));
  const rows = withCount.map((r) => {
    const { [TOTAL_COLUMN]: _, ...rest } = r as Record<string, unknown>;
    return rest as R;
  });
  return { rows, total: keep(db, key, await settled(db, inner, counted)) };
}

/**
 * A list's page read once its total is known, for a page whose plan depends on how many match
 * (`readPage(total)`): the total is counted first, as `listTotal` counts it.
 */
export async function pageAfterTotal<R>(
  db: Db,
  query: SQLWrapper,
  readPage: (total: number) => PromiseLike<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const total = await listTotal(db, query);
  return { rows: await readPage(total), total };
}

/** A list's total alone (`query` as for `pageAndTotal`). */
export async function listTotal(db: Db, query: SQLWrapper): Promise<number> {
  const inner: SQL = sql`${query}`;
  const { key, known } = kept(db, inner);
  if (known !== undefined) return known;
  return keep(db, key, await settled(db, inner, await countOf(db, cappedCount(inner))));
}

/** The count up to the cap; beyond it the planner's estimate, never below the cap. */
async function settled(db: Db, inner: SQL, counted: number): Promise<number> {
  return counted <= EXACT_UP_TO ? counted : Math.max(EXACT_UP_TO + 1, await plannedRows(db, inner));
}

async function countOf(db: Db, count: SQL): Promise<number> {
  const res = (await db.execute(count)) as unknown as Rows<{ n: number }>;
  return res.rows[0].n;
}

/**
 * The capped count of `query` as a column of a page's rows, for a page statement built once with
 * placeholders (its `readPage` then ignores the column it is given).
 */
export const countColumn = (query: SQLWrapper): SQL<number> => sql<number>`(${cappedCount(sql`${query}`)})`;

/** The matches counted up to EXACT_UP_TO + 1. */
function cappedCount(inner: SQL): SQL {
  return sql`select count(*)::int as n from (select 1 from (${inner}) q limit ${literalInt(EXACT_UP_TO + 1)}) t`;
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
