/**
 * Statements whose text never changes, built by Drizzle once per database handle and kept, their
 * values given as placeholders (`sql.placeholder(name)`) on each call. Drizzle builds a statement
 * from its parts on every call otherwise: for the appointment rows (twenty columns, five tables)
 * that was 0.16 ms of the server's CPU per request, and building statements was about a seventh
 * of an appointment list's server time under load (docs/decisions/0061-statements-built-once.md).
 *
 * Only for statements of a fixed shape: a list whose conditions depend on the filters typed is
 * still built per request. The kept statement is named after `key`, so PostgreSQL also parses it
 * once per connection (server/db/prepared-client.ts).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { perDatabase } from './per-database';

type Built = { execute: (placeholders?: Record<string, unknown>) => Promise<unknown> };

const kept = perDatabase(() => new Map<string, Built>());
/** Keys per database handle; beyond, the kept statements are dropped and built again as asked. */
const MAX_KEPT = 500;

/**
 * The statement `build(name)` prepares (`query.prepare(name)`), built on the first call for this
 * database handle and `key` and kept. `key` names the shape and every value built into the text
 * (values given at each call are placeholders): one key, one text.
 */
export function builtOnce<Q extends Built>(db: Db, key: string, build: (name: string) => Q): Q {
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
 * `builtOnce` for a statement written as SQL text rather than with the query builder: `build()`
 * is turned into text once, and each call sends only the placeholders' values. It answers the
 * driver's result (`rows`), as `db.execute` does.
 */
export function builtOnceSql<R>(db: Db, key: string, build: () => SQL) {
  return builtOnce(db, key, (name) => {
    const query = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    return { execute: (values?: Record<string, unknown>) => query.execute(values) as Promise<{ rows: R[] }> };
  });
}

/**
 * A list's page as `pageAndTotal` reads it (`readPage`), for a list with views without typed
 * values: when the total rides along (`column`) or the view has typed values (`view` null), the
 * statement `page(column)` built for this request; otherwise the statement of this view and page
 * (`pageKey`: everything else written into its text, the page size and number), built once and
 * kept. Pass `view` to `pageAndTotal` as its `key` too, so the view's kept total is found by name.
 */
export function viewPage<R>(
  db: Db,
  view: string | null,
  pageKey: string,
  page: (column: SQL<number> | null) => PromiseLike<R[]> & { prepare: (name: string) => Built },
): (column: SQL<number> | null) => Promise<R[]> {
  return async (column) =>
    column || !view
      ? await page(column)
      : ((await builtOnce(db, `${view}:${pageKey}`, (name) => page(null).prepare(name)).execute()) as R[]);
}
