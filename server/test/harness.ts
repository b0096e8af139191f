/**
 * Test helpers: a fresh database per test file (PGlite clone, or a PostgreSQL database made from
 * the run's template when TEST_DATABASE_URL is set), an app built on it, and signed-in clients.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { type App, type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { createStaffUser, type NewStaff } from '../platform/auth/staff';
import { MONDAY_10, movableClock } from './factories';

export const TEST_PASSWORD = 'Corect-Cal-Baterie-42';

export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const tpl = process.env.TEST_PG_TEMPLATE;
  if (url && tpl) {
    const name = `clinic_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openPostgres(u.toString(), 10);
    const close = db.close;
    db.close = async () => {
      await close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    return db;
  }
  const tar = readFileSync(
    process.env.TEST_PGLITE_TEMPLATE ?? path.resolve('.test-data/pglite-template.tar'),
  );
  return openPglite(undefined, { loadDataDir: new Blob([tar]) });
}

export type TestContext = { app: App; database: Database; dataDir: string };

export async function createTestApp(
  overrides: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // Scripted requests to the public form skip the proof of work; proof-of-work.test.ts turns it on.
    REGISTRATION_PROOF_OF_WORK: 'off',
    ...overrides.env,
  });
  const database = overrides.database ?? (await freshDatabase());
  const app = await buildApp({
    config,
    database,
    auth: { signInPerMinute: 1000 },
    apiRateLimit: 100000,
    ...overrides,
  });
  await app.ready();
  return { app, database, dataDir };
}

/** Creates an app for the test file and closes it after all its tests. */
export async function setupTestApp(
  overrides: Parameters<typeof createTestApp>[0] = {},
): Promise<TestContext> {
  const ctx = await createTestApp(overrides);
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.close();
  });
  return ctx;
}

/**
 * The start most API test files share: `setupTestApp` with the server's "now" on a movable clock
 * at MONDAY_10 (Monday 2 March 2026, 10:00 in Bucharest) unless `at` says otherwise, and its `db`.
 */
export async function setupClinic(o: { at?: Date; env?: Record<string, string> } = {}) {
  const clock = movableClock(o.at ?? MONDAY_10);
  const ctx = await setupTestApp({ clock, env: o.env });
  return { ctx, db: ctx.database.db, clock };
}

let counter = 0;
export type Staff = { id: string; email: string; cookie: string; headers: Record<string, string> };

/** Creates a staff account and signs it in; `headers` carry the session cookie. */
export async function signedInStaff(ctx: TestContext, s: Partial<NewStaff> = {}): Promise<Staff> {
  const email = s.email ?? `staff${++counter}-${randomBytes(3).toString('hex')}@test.example`;
  const id = await createStaffUser(ctx.database.db, {
    firstName: 'Ana',
    lastName: 'Test',
    doctor: true,
    authorized: true,
    ...s,
    email,
    password: s.password ?? TEST_PASSWORD,
  });
  const cookie = await signIn(ctx.app, email, s.password ?? TEST_PASSWORD);
  return { id, email, cookie, headers: { cookie } };
}

export async function signIn(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}
