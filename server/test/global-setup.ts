/**
 * Builds one migrated template database per test run: a PGlite data-directory dump on disk and,
 * when TEST_DATABASE_URL is set, a PostgreSQL template database. Each test file clones it.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, runMigrations } from '../db/client';

export const TEMPLATE_DIR = path.resolve('.test-data');

export default async function setup() {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const db = await openPglite(undefined);
  await runMigrations(db);
  const blob = await db.pglite!.dumpDataDir('none');
  // One file per run (several runs may share the checkout), written whole before it is named.
  const file = path.join(TEMPLATE_DIR, `pglite-template-${process.pid}.tar`);
  writeFileSync(`${file}.tmp`, Buffer.from(await blob.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
  process.env.TEST_PGLITE_TEMPLATE = file;
  await db.close();
  const removeTemplate = () => rmSync(file, { force: true });

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const tpl = `clinic_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${tpl}`);
    await admin.query(`CREATE DATABASE ${tpl}`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${tpl}`;
    const tdb = await openPostgres(tplUrl.toString(), 1);
    await runMigrations(tdb);
    await tdb.close();
    process.env.TEST_PG_TEMPLATE = tpl;
    return async () => {
      removeTemplate();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${tpl}`);
      await c.end();
    };
  }
  return removeTemplate;
}
