/**
 * Statements built once per database handle and kept, their values given as placeholders
 * (`sql.placeholder(name)`) on each call: Drizzle's prepared queries. Building a statement from
 * its parts costs the server about 0.2 ms for an appointment card's five-table select, a fifth of
 * a list request; kept, a request only sends the values (docs/decisions/0061, measured again in
 * 0086: without it the appointment list answered 64-78 % of its requests per second).
 *
 * Only for statements whose best plan does not depend on the values given (a value that does, a
 * few-valued one such as a status, is written into the text and into `key`).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { perDatabase } from './per-database';

type Prepared = { execute: (placeholders?: Record<string, unknown>) => Promise<unknown> };

const kept = perDatabase(() => new Map<string, Prepared>());
/** Keys per database handle; beyond, the kept statements are dropped and built again as asked. */
const MAX_KEPT = 500;

/**
 * The statement `build(name)` prepares (`query.prepare(name)`), built on the first call for this
 * database handle and `key` and kept. `key` names the shape and every value written into the
 * text (values given at each call are placeholders): one key, one text.
 */
export function builtOnce<Q extends Prepared>(db: Db, key: string, build: (name: string) => Q): Q {
  const byKey = kept(db);
  let query = byKey.get(key) as Q | undefined;
  if (!query) {
    if (byKey.size >= MAX_KEPT) byKey.clear();
    // PostgreSQL cuts names at 63 bytes: a hash keeps two long keys apart.
    query = build(`once_${createHash('sha1').update(key).digest('hex').slice(0, 24)}`);
    byKey.set(key, query);
  }
  return query;
}

const dialect = new PgDialect();

/**
 * `builtOnce` for a statement written as SQL text (the search's, the audit log's) rather than with
 * the query builder, whose `.prepare()` only builder queries have: the text is made once with
 * Drizzle's dialect and kept as the session's prepared query; each call sends the placeholders'
 * values and answers the driver's result (`rows`), as `db.execute` does. Without it the search
 * answered a third of its requests per second (0086).
 */
export function builtOnceSql<R>(db: Db, key: string, build: () => SQL) {
  return builtOnce(db, key, (name) => {
    const query = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    return { execute: (values?: Record<string, unknown>) => query.execute(values) as Promise<{ rows: R[] }> };
  });
}
