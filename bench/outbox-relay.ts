/**
 * Signed-in reads while the mail relay hangs (issue 24; docs/PERFORMANCE.md "Reads during a hung
 * relay"). The app runs in this process on a new embedded database (or `--database-url` on an
 * empty PostgreSQL database), with 200 patients and one signed-in staff member. `GET
 * /api/patients` is read by 8 connections for `--seconds`, twice: with the outbox idle
 * (baseline), then with a relay that accepts connections and never greets while messages are due,
 * so the node's sends in flight wait on it for the whole run.
 *
 *   npx tsx bench/outbox-relay.ts [--seconds 10] [--database-url postgres://…/empty_db]
 */

import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres, runMigrations } from '../server/db/client';
import { createStaffUser } from '../server/platform/auth/staff';
import { emailSender, enqueueMail } from '../server/platform/mail';
import { createOutboxWorker } from '../server/platform/outbox';
import { makePatient } from '../server/test/factories';

const { values: opts } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, 'database-url': { type: 'string' } },
});
const seconds = Number(opts.seconds);
const url = opts['database-url'];

const database = url ? await openPostgres(url) : await openPglite(undefined);
await runMigrations(database);
const db = database.db;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
// A free port first: better-auth wants the Origin of sign-in to be PUBLIC_URL.
const probe = net.createServer();
await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
const port = (probe.address() as net.AddressInfo).port;
await new Promise((r) => probe.close(r));
const base = `http://127.0.0.1:${port}`;
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
  }),
  database,
  auth: { signInPerMinute: 1000 },
  apiRateLimit: 10_000_000,
});
await app.listen({ port, host: '127.0.0.1' });

for (let i = 0; i < 200; i++) await makePatient(db);
const password = 'Bench-Parola-Releu-2026';
await createStaffUser(db, {
  email: 'bench.releu@institut.example',
  firstName: 'Bench',
  lastName: 'Releu',
  doctor: true,
  authorized: true,
  password,
});
const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: 'bench.releu@institut.example', password }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

function read(label: string) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise<{ label: string; rps: number; p50: number; p95: number; p99: number; statuses: object }>(
    (resolve, reject) => {
      const inst = autocannon(
        {
          url: `${base}/api/patients?page=1&perPage=20`,
          connections: 8,
          duration: seconds,
          headers: { cookie },
        },
        (err: Error | null, result: { duration: number }) => {
          if (err) return reject(err);
          latencies.sort((a, b) => a - b);
          resolve({
            label,
            rps: Math.round(latencies.length / result.duration),
            p50: percentile(latencies, 50),
            p95: percentile(latencies, 95),
            p99: percentile(latencies, 99),
            statuses,
          });
        },
      );
      inst.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    },
  );
}

// Warm-up, then the baseline with nothing to send.
await read('warm-up');
const baseline = await read('outbox idle (baseline)');

// A relay that accepts and never says a word; 20 messages due.
const sockets = new Set<net.Socket>();
const relay = net.createServer((s) => sockets.add(s));
await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
const relayPort = (relay.address() as net.AddressInfo).port;
for (let i = 0; i < 20; i++)
  await enqueueMail(db, { to: `pacient${i}@example.ro`, subject: 'Programare', text: 'Text' });
const worker = createOutboxWorker(db, {
  senders: [
    emailSender({
      smtpUrl: `smtp://127.0.0.1:${relayPort}`,
      mailDir: dataDir,
      from: 'no-reply@institut.example',
      connectionTimeoutMs: 600_000,
      greetingTimeoutMs: 600_000,
      socketTimeoutMs: 600_000,
    }),
  ],
  maxInFlight: 2,
  sendTimeoutMs: 600_000,
  intervalMs: 500,
});
worker.start();
while (sockets.size < 2) await new Promise((r) => setTimeout(r, 50));
const hung = await read('relay hung, 2 sends in flight');
const stillWaiting = worker.inFlight;

// The relay goes away: the sends fail and are recorded; the outbox is idle again (a second
// baseline, to show how much the machine itself moved between runs).
for (const s of sockets) s.destroy();
await worker.stop();
relay.close();
const after = await read('outbox idle again');

const fmt = (n: number) => n.toFixed(1);
console.log(`\n${database.kind}, ${seconds} s per run, 8 connections, GET /api/patients (20 per page)\n`);
console.log('| run | req/s | p50 ms | p95 ms | p99 ms | statuses |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of [baseline, hung, after])
  console.log(
    `| ${r.label} | ${r.rps} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${JSON.stringify(r.statuses)} |`,
  );
const worst = Math.max(baseline.p95, after.p95);
const best = Math.min(baseline.p95, after.p95);
console.log(
  `\np95 during the hang / baseline p95: ${(hung.p95 / best).toFixed(2)} (best baseline) to ${(hung.p95 / worst).toFixed(2)} (worst); sends in flight during the hung run: ${stillWaiting}`,
);

await app.close();
await database.close();
