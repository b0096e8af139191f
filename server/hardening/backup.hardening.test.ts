/**
 * `npm run backup` then `npm run restore` into an empty place gives back the same patients,
 * appointments, documents and stored files: on the embedded database (data-directory archive,
 * refused while the server runs) and, when TEST_DATABASE_URL is set, on PostgreSQL (pg_dump).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase, openPostgres } from '../db/client';
import { makeAppointment, makeCalendar, makePatient } from '../test/factories';
import { createTestApp, freshDatabase, signedInStaff } from '../test/harness';
import { uploadDocument } from './seed';

function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', ...env },
    encoding: 'utf8',
    timeout: 120000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A small clinic written through the app: patients, appointments, a document and its file. */
async function fill(database: Database, dataDir: string) {
  const ctx = await createTestApp({ database, env: { DATA_DIR: dataDir } });
  const staff = await signedInStaff(ctx);
  const db = ctx.database.db;
  const cal = await makeCalendar(db);
  for (let i = 0; i < 3; i++) {
    const p = await makePatient(db, { name: `Pacient Copie ${i}` });
    await makeAppointment(db, {
      patientId: p.id,
      status: 'confirmed',
      calendarId: cal.id,
      date: '2030-03-04',
      time: `0${i + 7}:00`,
      holdsSlot: true,
    });
    expect((await uploadDocument(ctx, staff, p.id, `Analize ${i}`)).statusCode).toBeLessThan(300);
  }
  await ctx.app.close();
  return ctx;
}

async function snapshot(database: Database, dataDir: string) {
  const q = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
  const docs = (await q('select id, title, storage_key, size from documents order by id')) as {
    storage_key: string;
  }[];
  return {
    patients: await q('select id, name, cnp, phone, email from patients order by id'),
    appointments: await q(
      'select id, patient_id, status, calendar_id, selected_date::text, selected_time::text from appointments order by id',
    ),
    documents: docs,
    files: docs.map((d) =>
      readFileSync(path.join(dataDir, 'files', ...d.storage_key.split('/'))).toString('base64'),
    ),
  };
}

describe('backup and restore', () => {
  it('round-trips the embedded database and the documents', async () => {
    const source = mkdtempSync(path.join(os.tmpdir(), 'clinic-bk-src-'));
    const target = mkdtempSync(path.join(os.tmpdir(), 'clinic-bk-dst-'));
    const archive = path.join(os.tmpdir(), `clinic-bk-${randomBytes(4).toString('hex')}.tar.gz`);
    let database = await openDatabase({ dataDir: source });
    await fill(database, source);
    const before = await snapshot(database, source);
    expect(before.patients).toHaveLength(3);
    expect(before.files).toHaveLength(3);

    // Refused while a server holds the database.
    const running = cli('backup', [archive], { DATA_DIR: source });
    expect(running.code).toBe(3);
    expect(running.out).toContain('Stop it first');
    await database.close();

    const made = cli('backup', [archive], { DATA_DIR: source });
    expect(made.code, made.out).toBe(0);
    const restored = cli('restore', [archive], { DATA_DIR: target });
    expect(restored.code, restored.out).toBe(0);
    // Restoring over existing data needs --force.
    const again = cli('restore', [archive], { DATA_DIR: target });
    expect(again.code).toBe(2);
    expect(again.out).toContain('--force');

    database = await openDatabase({ dataDir: target });
    try {
      expect(await snapshot(database, target)).toEqual(before);
      expect(readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe(
        readFileSync(path.join(source, 'auth-secret'), 'utf8'),
      );
    } finally {
      await database.close();
    }
  }, 240000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'round-trips PostgreSQL (pg_dump/pg_restore) and the documents',
    async () => {
      const source = mkdtempSync(path.join(os.tmpdir(), 'clinic-bk-pgsrc-'));
      const target = mkdtempSync(path.join(os.tmpdir(), 'clinic-bk-pgdst-'));
      const archive = path.join(os.tmpdir(), `clinic-bk-pg-${randomBytes(4).toString('hex')}.tar.gz`);
      const database = await freshDatabase();
      const url = String(
        (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      );
      const name = `clinic_t_restore_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const targetUrl = new URL(url);
      targetUrl.pathname = `/${name}`;
      try {
        await fill(database, source);
        const before = await snapshot(database, source);
        writeFileSync(path.join(source, 'marker'), 'x');
        const made = cli('backup', [archive], { DATA_DIR: source, DATABASE_URL: url });
        expect(made.code, made.out).toBe(0);
        const restored = cli('restore', [archive], { DATA_DIR: target, DATABASE_URL: targetUrl.toString() });
        expect(restored.code, restored.out).toBe(0);
        const copy = await openPostgres(targetUrl.toString(), 2);
        try {
          expect(await snapshot(copy, target)).toEqual(before);
        } finally {
          await copy.close();
        }
      } finally {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    240000,
  );
});
