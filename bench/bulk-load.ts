/**
 * Bulk loading for bench/data.ts, the way a database restore does it: while the rows go in, the
 * loaded tables have no secondary index and no trigger (foreign-key checks, the name words of
 * migration 0012, the day counts of 0014), then each index is built once from all its rows and
 * the derived tables are filled as their migrations fill them. Row by row, 1,000,000 patients
 * and their 3,000,000 appointments spent most of their time maintaining a dozen indexes and
 * checking foreign keys (docs/PERFORMANCE.md). The generated rows only refer to rows written before them, so the
 * foreign keys hold without being checked; constraints that back a primary key or a unique rule
 * stay in place throughout.
 */

import type { Database } from '../server/db/client';

/** Runs a statement on a connection of its own (set up for building indexes). */
export type Session = (statement: string) => Promise<void>;
/** Parameters are arrays here, as bench/data.ts sends them (unnest of each). */
type Query = (text: string, params?: unknown[][]) => Promise<unknown[]>;

type IndexDef = { name: string; def: string };

/**
 * Drops the secondary indexes of `tables` and turns their triggers off; the returned `finish`
 * turns the triggers back on, fills the name words and builds the indexes again.
 */
export async function beginBulkLoad(opts: {
  query: Query;
  /** One connection each; index builds run this many at a time. */
  sessions: Session[];
  tables: string[];
  log: (msg: string) => void;
}): Promise<{ finish: () => Promise<void> }> {
  const { query, log } = opts;
  const tables = [...opts.tables, 'patient_name_words'];
  // Secondary indexes only: those behind a constraint (primary keys, unique rules) stay.
  const indexes = (await query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by pg_relation_size(i.indrelid) desc`,
    [tables],
  )) as IndexDef[];
  for (const ix of indexes) await query(`drop index ${ix.name}`);
  for (const t of tables) await query(`alter table ${t} disable trigger all`);
  return {
    async finish() {
      for (const t of tables) await query(`alter table ${t} enable trigger all`);
      await query('select patient_name_words_rebuild()');
      // The appointments' day counts, by the function migration 0014 fills them with.
      await query('select appointment_day_counts_rebuild()');
      // The appointments moved since they were given a slot, from the audit log, and the completed
      // ones per day (migration 0027).
      await query('select appointment_moved_rebuild()');
      await query('select appointment_completed_days_rebuild()');
      log(
        `rows loaded, name words, day counts, moves and completed days filled; building ${indexes.length} indexes`,
      );
      // One build per session: with two cores, two builds keep both busy.
      const queue = [...indexes];
      await Promise.all(
        opts.sessions.map(async (session) => {
          for (let ix = queue.shift(); ix; ix = queue.shift()) await session(ix.def);
        }),
      );
    },
  };
}

/**
 * INSERT ... SELECT FROM unnest(arrays): one round trip and one plan for a whole batch of `batch`
 * rows. One batch is written while the next is generated (PostgreSQL on one core, the script on
 * the other); `settle()` waits for it before reading back what was written.
 */
export function batchWriter(query: Query, batch: number) {
  let inFlight: Promise<unknown> = Promise.resolve();
  async function insertColumns(table: string, cols: [string, string][], rows: unknown[][]) {
    for (let i = 0; i < rows.length; i += batch) {
      const part = rows.slice(i, i + batch);
      const arrays = cols.map((_, c) => part.map((r) => r[c]));
      await inFlight;
      inFlight = query(
        `insert into ${table} (${cols.map(([n]) => n).join(', ')}) select * from unnest(${cols
          .map(([, t], c) => `$${c + 1}::${t}[]`)
          .join(', ')})`,
        arrays,
      );
      // Its failure surfaces at the next await of it, not as an unhandled rejection meanwhile.
      inFlight.catch(() => {});
    }
  }
  return { insertColumns, settle: () => inFlight };
}

/** Index builds on connections of their own, two at a time on PostgreSQL. */
export function indexSessions(database: Database): Session[] {
  const { pool, pglite } = database;
  if (!pool) return [async (statement: string) => void (await pglite!.query(statement))];
  return [1, 2].map(() => async (statement: string) => {
    const client = await pool.connect();
    try {
      await client.query("set maintenance_work_mem = '512MB'");
      await client.query(statement);
    } finally {
      client.release();
    }
  });
}
