/**
 * The application built in the benchmark's own process on a bench database, signed in as the
 * bench superadmin (bench/explain.ts, bench/pgbench.ts: both record the SQL the routes send).
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/client';

export async function signedInApp(o: {
  database: Database;
  url: string;
  name: string;
  email: string;
  password: string;
}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: path.join(os.tmpdir(), `clinic-bench-${o.name}`),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATABASE_URL: o.url,
    // As in bench/api.ts: the load generator does not solve the form's proof of work.
    REGISTRATION_PROOF_OF_WORK: 'off',
  });
  const app = await buildApp({
    config,
    database: o.database,
    auth: { signInPerMinute: 1000 },
    apiRateLimit: 1_000_000,
  });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:3000' },
    payload: { email: o.email, password: o.password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  /** The `data` of a signed-in GET. */
  const getData = async <T>(u: string) =>
    (JSON.parse((await app.inject({ url: u, headers: { cookie } })).body) as { data: T }).data;
  return { app, cookie, getData };
}
