/**
 * Opens the database: PGlite in DATA_DIR/db by default, PostgreSQL through `pg` when DATABASE_URL
 * is set. Both run the same checked-in migrations and the same Drizzle queries.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PreparingClient } from './prepared-client';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (embedded only), e.g. to dump it as a template in tests. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

/** Throws unless the database answers a trivial query (the readiness check). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist, unaccent };

export class DatabaseLockedError extends Error {}

/**
 * One process at a time may open an embedded database directory: PGlite is a single-process
 * engine and a second writer would corrupt it. The lock file holds the owner's pid; a stale lock
 * (owner gone, e.g. after SIGKILL) is taken over.
 */
function acquireLock(dir: string): () => void {
  const lockFile = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The data directory ${dir} is already in use by another server process (pid ${pid}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openPglite(
  dataDir: string | undefined,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireLock(dataDir);
  }
  try {
    const client = dataDir
      ? await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: PGLITE_EXTENSIONS })
      : await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: opts.loadDataDir });
    await client.exec(PLANNER_SET);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pglite: client,
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * How the app's statements are planned, on every connection (docs/decisions/0053-planner-settings.md):
 * its data is read from memory or SSD, where a random read costs about what a sequential one
 * does (PostgreSQL's default of 4 assumes spinning disks and chose a parallel scan of every
 * appointment over an index); no JIT compilation, which costs a read of a large table more
 * than it saves; and no Memoize, whose cache is built anew at every execution, sized for the
 * planner's guess of distinct keys: for a prepared statement's generic plan, every patient
 * (docs/decisions/0073-no-memoize.md).
 */
const PLANNER_SETTINGS = {
  random_page_cost: '1.1',
  jit: 'off',
  enable_memoize: 'off',
  plan_cache_mode: 'force_generic_plan',
};
export const PLANNER_OPTIONS = Object.entries(PLANNER_SETTINGS)
  .map(([k, v]) => `-c ${k}=${v}`)
  .join(' ');
const PLANNER_SET = Object.entries(PLANNER_SETTINGS)
  .map(([k, v]) => `set ${k} = ${v};`)
  .join(' ');

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    options: PLANNER_OPTIONS,
    max,
    connectionTimeoutMillis: 5000,
    Client: PreparingClient,
  });
  // An idle client's error (server restart) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    async close() {
      await pool.end();
    },
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

export async function openDatabase(cfg: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const database = cfg.databaseUrl
    ? await openPostgres(cfg.databaseUrl)
    : await openPglite(path.join(cfg.dataDir, 'db'));
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
