/**
 * `npm run restore -- archive.tar.gz [--force]`: puts back what `npm run backup` saved, into the
 * DATA_DIR / DATABASE_URL of the current configuration. The server must be stopped. Existing
 * data is not overwritten without --force; with it, the embedded database and the documents
 * being replaced are kept aside as db.replaced-<time> and files.replaced-<time>.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { assertServerStopped, fail, type Manifest, run } from './backup-common';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean' } },
  allowPositionals: true,
});
if (positionals.length !== 1) fail('Usage: npm run restore -- <archive.tar.gz> [--force]', 2);
const archive = path.resolve(positionals[0]);
if (!existsSync(archive)) fail(`${archive} does not exist.`, 2);

const config = loadConfig();
const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
const work = mkdtempSync(path.join(os.tmpdir(), 'clinic-restore-'));
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const nonEmpty = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

try {
  run('tar', ['--extract', '--gzip', '--file', archive, '--directory', work]);
  const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.kind !== kind)
    fail(`This archive holds a ${manifest.kind} database; the current configuration uses ${kind}.`, 2);
  assertServerStopped(config.dataDir);
  mkdirSync(config.dataDir, { recursive: true });

  /** Moves the current copy aside (with --force) and puts the archive's in place. */
  const replace = (name: string) => {
    const target = path.join(config.dataDir, name);
    if (nonEmpty(target)) {
      if (!values.force)
        fail(
          `${target} already holds data. Run again with --force to replace it (the current one is kept aside).`,
          2,
        );
      renameSync(target, `${target}.replaced-${stamp}`);
    } else rmSync(target, { recursive: true, force: true });
    cpSync(path.join(work, name), target, { recursive: true });
  };

  if (kind === 'pglite') replace('db');
  else {
    const c = new pg.Client({ connectionString: config.DATABASE_URL });
    await c.connect();
    const held = await c.query("select to_regclass('public.patients') is not null as t");
    const rows = held.rows[0].t ? Number((await c.query('select count(*) from patients')).rows[0].count) : 0;
    await c.end();
    if (rows > 0 && !values.force)
      fail(
        'The PostgreSQL database already holds patients. Run again with --force to replace its contents.',
        2,
      );
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--dbname',
      String(config.DATABASE_URL),
      path.join(work, 'database.dump'),
    ]);
  }
  if (manifest.files && existsSync(path.join(work, 'files'))) replace('files');
  if (existsSync(path.join(work, 'auth-secret')) && !config.AUTH_SECRET)
    cpSync(path.join(work, 'auth-secret'), path.join(config.dataDir, 'auth-secret'));
  console.log(
    `Restored ${archive} into ${config.dataDir}${kind === 'postgres' ? ' and the PostgreSQL database' : ''}.`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
