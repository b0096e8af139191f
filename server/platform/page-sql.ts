/**
 * A page's LIMIT and OFFSET written into the SQL text instead of sent as parameters. Every
 * statement is prepared (server/db/prepared-client.ts), and PostgreSQL plans a prepared statement
 * once only when its generic plan is as cheap as the custom ones; with `limit $1` the generic plan
 * must assume a tenth of the table is wanted and never wins, so a list was planned again on every
 * request (2.4 ms of 2.8 at 100,000 patients). A page size is a validated small integer, and the
 * few distinct texts it makes (sizes 10-100, the first pages) are each prepared once.
 */
import { type SQL, sql } from 'drizzle-orm';
import { CUSTOM_PLAN_MARK } from '../db/prepared-client';

/** `n` as an SQL literal; typed as a number for Drizzle's `.limit()` and `.offset()`. */
export function literalInt(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  // Drizzle writes an object given to limit/offset as SQL (its own placeholders are objects too).
  return sql.raw(String(n)) as unknown as number;
}

/**
 * A condition that is always true and keeps its statement from being prepared (see
 * CUSTOM_PLAN_MARK): added to the user's filters, whose selectivity decides the plan.
 */
export const customPlan: SQL = sql.raw(`true ${CUSTOM_PLAN_MARK}`);

const PLAIN_TEXT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A filter's value written into the SQL text as a literal, for filters with few possible values (a
 * status, a doctor, today's date): each value then gets its own prepared statement, planned for
 * that value once per connection. As a parameter, its statement had to be planned again on every
 * request (the plan depends on the value), and under load planning was more than half of the
 * database's time for those lists (docs/decisions/0055-few-valued-filters-inline.md). Only values
 * that are plainly safe in a literal (digits, or letters, digits, '-' and '_'); null otherwise, and
 * the caller sends a parameter instead.
 */
export function plainLiteral(v: string | number): SQL | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? sql.raw(String(v)) : null;
  return PLAIN_TEXT.test(v) ? sql.raw(`'${v}'`) : null;
}

/**
 * The filters' values as literals (plainLiteral; an absent value stays absent), or null when one
 * of them cannot be written so: then none is, and the statement is planned for its parameters.
 */
export function plainLiterals<K extends string>(
  values: Record<K, string | number | null | undefined>,
): Partial<Record<K, SQL>> | null {
  const out: Partial<Record<K, SQL>> = {};
  for (const key of Object.keys(values) as K[]) {
    const v = values[key];
    if (v === null || v === undefined || v === '') continue;
    const lit = plainLiteral(v);
    if (!lit) return null;
    out[key] = lit;
  }
  return out;
}
