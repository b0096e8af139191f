/**
 * For tests that check how a read reaches PostgreSQL (PostgreSQL only): the statements a request
 * sends, and the plan PostgreSQL keeps for a prepared statement whatever its values (its generic
 * plan), as the server's statements run once prepared (docs/decisions/0044-prepared-statements.md).
 */
import type pg from 'pg';
import { PreparingClient } from '../db/prepared-client';

let prepared = 0;

export type Sent = { text: string; values: unknown[] };

/**
 * What `run` sends to PostgreSQL through the server's client (bench/pgbench.ts records the same):
 * its result and each statement with its values, in order.
 */
export async function statementsSent<T>(run: () => Promise<T>): Promise<[T, Sent[]]> {
  const query = PreparingClient.prototype.query;
  const sent: Sent[] = [];
  PreparingClient.prototype.query = function (this: PreparingClient, config: unknown, ...rest: unknown[]) {
    const c = (typeof config === 'string' ? { text: config } : config) as {
      text?: unknown;
      values?: unknown[];
    } | null;
    if (typeof c?.text === 'string')
      sent.push({ text: c.text, values: c.values ?? (rest[0] as unknown[]) ?? [] });
    return (query as (...a: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof query;
  try {
    return [await run(), sent];
  } finally {
    PreparingClient.prototype.query = query;
  }
}

/**
 * EXPLAIN of `text` prepared with `values` and run with the generic plan. `indexesOnly`: with
 * sequential and bitmap scans off, so the few rows of a test database are not simply read whole
 * and the plan shows how the statement reads an index when its rows are few among many.
 */
export async function genericPlan(
  pool: pg.Pool,
  text: string,
  values: unknown[],
  { indexesOnly = false } = {},
): Promise<string> {
  const client = await pool.connect();
  try {
    if (indexesOnly) {
      await client.query('set enable_seqscan = off');
      await client.query('set enable_bitmapscan = off');
    }
    const name = `plan_${++prepared}`;
    await client.query({ name, text, values });
    await client.query('set plan_cache_mode = force_generic_plan');
    const literals = values.map((v) =>
      client.escapeLiteral(Array.isArray(v) ? `{${v.join(',')}}` : String(v)),
    );
    const args = literals.length ? `(${literals.join(', ')})` : '';
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain execute ${name}${args}`);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('reset all');
    client.release();
  }
}
