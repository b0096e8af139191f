/**
 * SIGKILL during 200 concurrent writes (public registration requests, document uploads and
 * consultation saves) against the real server process, on its embedded database and (when
 * TEST_DATABASE_URL is set) on PostgreSQL; then a restart.
 * Every write answered 2xx must be there, none half there (no document row without its file, no
 * file without its row, no temporary file), and the database must open and answer cleanly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCnp } from '../../domain/validation/cnp';
import { type Database, openPglite } from '../db/client';
import { removeOrphanFiles } from '../features/documents/reconcile';
import { PDF } from '../features/documents/test/samples';
import { addCalendars } from '../features/registration/test/helpers';
import { createStaffUser } from '../platform/auth/staff';
import { listAllFiles } from '../platform/storage/disk';
import { makePatient } from '../test/factories';
import { freshDatabase } from '../test/harness';

const DEMO_PASSWORD = 'Crash-Demo-Parola-2026';
const WRITES = 200;
let dataDir = '';
let port = 0;
let base = '';
let databaseUrl = '';

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const running: Server[] = [];

function startServer(): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      // Production: behind a proxy on loopback, so X-Forwarded-For gives each request its own
      // client IP and the per-IP limits of the public form do not refuse the load.
      NODE_ENV: 'production',
      TRUST_PROXY: '127.0.0.1',
      // A script's requests: the proof of work has its own tests.
      REGISTRATION_PROOF_OF_WORK: 'off',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DEMO_DATA: databaseUrl ? 'off' : 'auto',
      DEMO_PASSWORD,
      REGISTRATION_DAILY_CAPACITY: '10000',
      TEST_DATABASE_URL: '',
      DATABASE_URL: databaseUrl,
      S3_BUCKET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const s = { child, output: () => out, exited };
  running.push(s);
  return s;
}

afterAll(() => {
  for (const s of running)
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
});

async function waitFor(cond: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Outcome = {
  kind: 'registration' | 'upload' | 'consultation';
  n: number;
  status: number;
  body: Record<string, unknown> | null;
};

/** PostgreSQL gets no demo data: the test writes the accounts, patients and public calendar. */
async function preparePostgres(): Promise<Database> {
  const database = await freshDatabase();
  databaseUrl = String(
    (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
  );
  await createStaffUser(database.db, {
    email: 'superadmin@institut.example',
    password: DEMO_PASSWORD,
    firstName: 'Elena',
    lastName: 'Vasilescu',
    role: 'superadmin',
    superadmin: true,
    doctor: true,
    authorized: true,
  });
  for (let i = 0; i < 20; i++) await makePatient(database.db);
  await addCalendars(database.db);
  return database;
}

const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('SIGKILL during concurrent writes (%s)', (kind) => {
  it('loses no acknowledged write and leaves nothing half written', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-crash-'));
    port = 4100 + Math.floor(Math.random() * 800);
    base = `http://127.0.0.1:${port}`;
    databaseUrl = '';
    const pgDatabase = kind === 'postgres' ? await preparePostgres() : null;
    const first = startServer();
    await waitFor(() => first.output().includes('Ready on'), 120000, `the server (${first.output()})`);

    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ email: 'superadmin@institut.example', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const list = (await (
      await fetch(`${base}/api/patients?perPage=100`, { headers: { cookie } })
    ).json()) as {
      patients: { id: number }[];
    };
    const patientIds: number[] = list.patients.map((p: { id: number }) => p.id);
    expect(patientIds.length).toBeGreaterThan(10);

    // Days the public form accepts.
    const days: string[] = [];
    for (let d = 1; d < 60 && days.length < 5; d++) {
      const day = new Date(Date.now() + d * 86400000).toISOString().slice(0, 10);
      const filters = encodeURIComponent(JSON.stringify({ selected_date: day }));
      const res = await fetch(`${base}/api/appointment/check-register-date?filters=${filters}`, {
        headers: { 'x-forwarded-for': `10.8.${d}.1` },
      });
      if (((await res.json()) as { status: number }).status === 1) days.push(day);
    }
    expect(days.length).toBeGreaterThan(0);

    const write = async (n: number): Promise<Outcome> => {
      const kind = (['registration', 'upload', 'consultation'] as const)[n % 3];
      let res: Response;
      try {
        if (kind === 'registration') {
          res = await fetch(`${base}/api/appointment`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${n >> 8}.${n & 255}` },
            body: JSON.stringify({
              appt_date: days[n % days.length],
              appt_time: '08:00',
              name: `Pacient Crash ${n}`,
              cnp: makeCnp(n % 2 ? 1 : 2, '1970-06-15', '40', 500 + n),
              email: `crash${n}@example.ro`,
              phone: '0722 123 456',
              state_residency: 'RO-CJ',
              insurance_status: 'insured-employed',
              vaccine: 1,
              agreement: true,
            }),
          });
        } else if (kind === 'upload') {
          const fd = new FormData();
          fd.append('title', `crash-${n}`);
          fd.append('patient_id', String(patientIds[n % patientIds.length]));
          fd.append('document', new Blob([PDF], { type: 'application/pdf' }), `crash-${n}.pdf`);
          res = await fetch(`${base}/api/documents`, { method: 'POST', headers: { cookie }, body: fd });
        } else {
          res = await fetch(`${base}/api/patients`, {
            method: 'PUT',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({
              patientId: patientIds[n % patientIds.length],
              consultationTitle: `Crash ${n}`,
              reason: `<p>crash-${n}</p>`,
            }),
          });
        }
        const text = await res.text();
        return { kind, n, status: res.status, body: text ? JSON.parse(text) : null };
      } catch {
        return { kind, n, status: 0, body: null }; // the connection died with the server
      }
    };

    let answered = 0;
    const all = Array.from({ length: WRITES }, (_, n) =>
      write(n).then((o) => {
        if (o.status) answered++;
        return o;
      }),
    );
    // Kill when part of the writes have been answered: the rest are in flight.
    await waitFor(() => answered >= WRITES / 4, 120000, 'the first answers');
    first.child.kill('SIGKILL');
    const outcomes = await Promise.all(all);
    await first.exited;
    const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300);
    const cut = outcomes.filter((o) => o.status === 0);
    const refused = outcomes.filter((o) => o.status >= 400);
    expect(refused.filter((o) => o.status >= 500)).toEqual([]);
    expect(ok.length).toBeGreaterThan(0);

    // Restart on the same data: it opens cleanly and answers.
    const second = startServer();
    await waitFor(() => second.output().includes('Ready on'), 120000, `the restart (${second.output()})`);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = pgDatabase ?? (await openPglite(path.join(dataDir, 'db')));
    try {
      const db = database.db;
      const rows = async <T>(q: ReturnType<typeof sql>) =>
        ((await db.execute(q)) as unknown as { rows: T[] }).rows;
      const lost: string[] = [];
      for (const o of ok) {
        if (o.kind === 'registration') {
          // An anonymous caller is not told the id (issue 20): the request is found by its patient.
          const cnp = makeCnp(o.n % 2 ? 1 : 2, '1970-06-15', '40', 500 + o.n);
          const [r] = await rows<{ n: number }>(
            sql`select count(*)::int as n from appointments a join patients p on p.id = a.patient_id
                where p.cnp = ${cnp} and p.name = ${`Pacient Crash ${o.n}`}`,
          );
          if (r.n !== 1) lost.push(`registration ${o.n}`);
        } else if (o.kind === 'upload') {
          const [r] = await rows<{ n: number }>(
            sql`select count(*)::int as n from documents where id = ${o.body?.id as number} and title = ${`crash-${o.n}`}`,
          );
          if (r.n !== 1) lost.push(`upload ${o.n}`);
        } else {
          const [r] = await rows<{ n: number }>(
            sql`select count(*)::int as n from consultation_entries where content like ${`%crash-${o.n}<%`}`,
          );
          if (r.n < 1) lost.push(`consultation ${o.n}`);
        }
      }
      expect(lost).toEqual([]);

      // On PostgreSQL another node may be between storing a file and committing its row, so the
      // start-up sweep only removes orphans older than an hour: run it as it will run then.
      if (kind === 'postgres') await removeOrphanFiles(database.db, path.join(dataDir, 'files'), 0);
      // The files directory and the documents table hold the same set, and no temporary file.
      const keys = (await rows<{ storage_key: string }>(sql`select storage_key from documents`))
        .map((r) => r.storage_key)
        .sort();
      const files = await listAllFiles(path.join(dataDir, 'files'));
      expect(files.filter((f) => f.includes('.partial-'))).toEqual([]);
      expect(files.filter((f) => f.startsWith('documents/'))).toEqual(keys);
      for (const k of keys) expect(existsSync(path.join(dataDir, 'files', ...k.split('/')))).toBe(true);
      const [check] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_events`);
      expect(check.n).toBeGreaterThan(0);

      mkdirSync('.test-data', { recursive: true });
      writeFileSync(
        path.join('.test-data', `crash-stats-${kind}.json`),
        JSON.stringify({
          writes: WRITES,
          acknowledged: ok.length,
          cut: cut.length,
          refused: refused.length,
          lost: lost.length,
        }),
      );
    } finally {
      await database.close();
    }
  }, 300000);
});
