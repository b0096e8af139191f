/**
 * Load benchmark of the API (docs/PERFORMANCE.md): autocannon against the production build.
 *
 *   npm run bench:data -- --patients 100000 --database-url postgres://postgres@127.0.0.1:5432/clinic_bench
 *   npm run bench:api -- --database-url postgres://postgres@127.0.0.1:5432/clinic_bench
 *   npm run bench:api -- --data-dir .bench-data/pglite          (PGlite, the embedded default)
 *
 * Starts `node dist/server/main.js` (NODE_ENV=production, DEMO_DATA=off, LOG_LEVEL=warn) and a
 * bare Fastify process (the baseline), signs in as the bench superadmin, then for every endpoint
 * runs a warm-up and a measured run with 32 connections. Each request carries its own
 * X-Forwarded-For address, each in its own /64 of 2001:2::/48 (reserved for benchmarks): the server
 * trusts the loopback proxy in production, so the per-IP limits (the API budget, the public
 * form's) see many clients, as they would in real use, without any setting changed.
 * On PostgreSQL the run starts from a vacuumed database with no e-mail or SMS left due by an
 * earlier run (bench/settle.ts). Prints a markdown table and writes the whole result to
 * bench/results/api-<db>-<time>.json.
 *
 * `--rounds N` measures every endpoint N times, round after round, and keeps for each the round
 * with its median req/s (its p95 and CPU are that round's), with every round's figures beside it.
 * The machine's speed moves by up to a third within minutes, and a read measured once carries
 * whatever phase it fell in. Each round starts the signed-in reads at a different one, so no read
 * is always measured after the writes of all the others, and settles the database as at the start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { clinicToday } from '../domain/dates';
import { type Endpoint, endpoints } from './api-endpoints';
import { cpuPerRequest, readCpu } from './cpu-time';
import { outboxDrained, type Settled, vacuumFirst } from './settle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    label: { type: 'string', default: '' },
    email: { type: 'string', default: 'bench@institut.example' },
    password: { type: 'string', default: 'Bench-parola-lunga-2026' },
    build: { type: 'boolean', default: false },
    /** Extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a run. */
    'node-args': { type: 'string', default: '' },
    rounds: { type: 'string', default: '1' },
  },
});
const connections = Number(opts.connections);
const rounds = Number(opts.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number from 1');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const children: ChildProcess[] = [];
function start(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d) => process.stderr.write(`[server] ${d}`));
  children.push(child);
  return child;
}
const stopAll = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

async function waitFor(url: string, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

if (opts.build || !existsSync(path.join(root, 'dist/server/main.js'))) {
  const b = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if ((await new Promise((r) => b.on('exit', r))) !== 0) throw new Error('build failed');
}

const kind = opts['database-url'] ? 'postgres' : 'pglite';
const dataDir = path.resolve(
  opts['data-dir'] ?? path.join(root, '.bench-data', kind === 'postgres' ? 'pg-run' : 'pglite'),
);
const vacuumSeconds = opts['database-url'] ? await vacuumFirst(opts['database-url']) : 0;
const [appPort, basePort] = [await freePort(), await freePort()];
const appUrl = `http://127.0.0.1:${appPort}`;
const server = start(
  process.execPath,
  [...opts['node-args'].split(' ').filter(Boolean), 'dist/server/main.js'],
  {
    NODE_ENV: 'production',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: appUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: opts['database-url'] ?? '',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    // The load generator is the reverse proxy: each request's X-Forwarded-For is its client.
    TRUST_PROXY: '127.0.0.1',
    // The load generator posts the public form as fast as it can: measured without the proof of
    // work each real browser computes once per request.
    REGISTRATION_PROOF_OF_WORK: 'off',
  },
);
start(process.execPath, ['bench/baseline-server.mjs'], { PORT: String(basePort) });
await Promise.all([waitFor(`${appUrl}/api/health`), waitFor(`http://127.0.0.1:${basePort}/baseline`)]);

/**
 * On PostgreSQL: the database vacuumed and the outbox drained by the server's worker. `vacuumed`:
 * the seconds the vacuum before the server started took (the first settling), else it vacuums now.
 */
async function settle(vacuumed?: number): Promise<Settled | null> {
  const url = opts['database-url'];
  if (!url) return null;
  const settled = {
    vacuumSeconds: vacuumed ?? (await vacuumFirst(url)),
    outboxDue: await outboxDrained(url, 180),
  };
  const { atStart, left, waitedSeconds } = settled.outboxDue;
  console.error(
    `vacuum ${settled.vacuumSeconds} s; outbox: ${atStart} messages due at start, ${left} after ${waitedSeconds} s`,
  );
  return settled;
}
const settled = await settle(vacuumSeconds);

const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
  method: 'POST',
  // better-auth wants the Origin of a browser form on sign-in.
  headers: { 'content-type': 'application/json', origin: appUrl },
  body: JSON.stringify({ email: opts.email, password: opts.password }),
});
if (!signIn.ok)
  throw new Error(`sign-in failed (${signIn.status}): run bench:data first? ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const cals = (await (await fetch(`${appUrl}/api/calendars`, { headers: { cookie } })).json()) as {
  data: { id: number }[];
};
const doctors = (await (
  await fetch(`${appUrl}/api/appointment/doctors`, { headers: { cookie } })
).json()) as {
  data: { id: string }[];
};
const today = clinicToday(new Date());
const list = endpoints({
  today,
  calendarId: cals.data[1]?.id ?? cals.data[0].id,
  runSalt: Math.floor(Date.now() / 100) % 100_000_000,
  doctorIds: doctors.data.map((d) => d.id),
}).filter((e) => !opts.only || opts.only.split(',').some((o) => e.name.includes(o)));

type Figures = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
  /** Mean size of an answer (headers and body, as sent: compressed when the server compresses). */
  bytes: number;
  /** CPU ms per request of the server process and of PostgreSQL (bench/cpu-time.ts), app only. */
  cpu?: { serverMs: number; postgresMs: number | null } | null;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

let counter = 0;
let ip = 0;
function run(e: Endpoint, seconds: number): Promise<Figures> {
  const base = e.target === 'baseline' ? `http://127.0.0.1:${basePort}` : appUrl;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method: e.method,
            setupRequest: (req: Record<string, unknown>) => {
              const { path: p, body } = e.next(counter++);
              ip = (ip + 1) % 65_536;
              const headers: Record<string, string> = {
                // Each client in its own /64 of 2001:2::/48 (reserved for benchmarks): the
                // public form counts clients by network, an IPv6 /64 or an IPv4 /24.
                'x-forwarded-for': `2001:2:0:${ip.toString(16)}::1`,
              };
              if (e.signedIn) headers.cookie = cookie;
              if (body !== undefined) headers['content-type'] = 'application/json';
              return {
                ...req,
                path: p,
                headers,
                body: body === undefined ? undefined : JSON.stringify(body),
              };
            },
          },
        ],
      },
      (
        err: Error | null,
        result: { requests: { average: number }; duration: number; errors: number; timeouts: number },
      ) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        resolve({
          name: e.name,
          requests: latencies.length,
          rps: Math.round(latencies.length / result.duration),
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          max: latencies.at(-1) ?? 0,
          statuses,
          errors: result.errors + result.timeouts,
          bytes: latencies.length ? Math.round(bytes / latencies.length) : 0,
        });
      },
    );
    inst.on('response', (_client: unknown, status: number, size: number, ms: number) => {
      latencies.push(ms);
      bytes += size;
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

/**
 * Round `k`'s order: the baseline and the session check first, the public routes (the form
 * writes) last, and the signed-in reads between, starting `k / rounds` of the way through them.
 * The form is measured in the first round only: each run of it books about 10,000 requests, and
 * in the second some of the days it walks are full (answered 409, which stores nothing).
 */
function roundOrder(k: number): Endpoint[] {
  const first = list.filter((e) => e.target === 'baseline' || e.name.includes('(session only)'));
  const last = list.filter((e) => e.target === 'app' && !e.signedIn && (k === 0 || e.method === 'GET'));
  const reads = list.filter((e) => !first.includes(e) && e.signedIn);
  const shift = Math.floor((k * reads.length) / rounds);
  return [...first, ...reads.slice(shift), ...reads.slice(0, shift), ...last];
}

const measured = new Map<string, Figures[]>();
const settledAfterRounds: (Settled | null)[] = [];
for (let k = 0; k < rounds; k++) {
  if (k > 0) settledAfterRounds.push(await settle());
  for (const e of roundOrder(k)) {
    await run(e, Number(opts.warmup));
    const before = readCpu(server.pid);
    const r = await run(e, Number(opts.duration));
    if (e.target === 'app')
      r.cpu = cpuPerRequest(before, readCpu(server.pid), r.requests, kind === 'postgres');
    measured.set(e.name, [...(measured.get(e.name) ?? []), r]);
    const cpu = r.cpu ? `, CPU ms/req server ${r.cpu.serverMs}, PostgreSQL ${r.cpu.postgresMs ?? '-'}` : '';
    console.error(
      `  ${rounds > 1 ? `[${k + 1}/${rounds}] ` : ''}${r.name}: ${r.rps} req/s, p95 ${r.p95.toFixed(1)} ms${cpu} ${JSON.stringify(r.statuses)}`,
    );
  }
}
stopAll();

/** Each endpoint's round with the median req/s (the lower of the two middle ones for an even count), and every round's figures. */
const results: (Figures & { rounds?: Pick<Figures, 'rps' | 'p95' | 'cpu'>[] })[] = list.map((e) => {
  const all = measured.get(e.name) as Figures[];
  const median = [...all].sort((a, b) => a.rps - b.rps)[Math.floor((all.length - 1) / 2)];
  return rounds > 1 ? { ...median, rounds: all.map(({ rps, p95, cpu }) => ({ rps, p95, cpu })) } : median;
});

const baseline = results.find((r) => r.name.startsWith('baseline'));
const fmt = (n: number) => n.toFixed(1);
const lines = [
  `API load, ${kind}${opts.label ? ` (${opts.label})` : ''}, ${connections} connections, ${opts.duration} s per endpoint after ${opts.warmup} s warm-up${rounds > 1 ? `, the median of ${rounds} rounds` : ''}`,
  '',
  `| endpoint | req/s | p50 ms | p95 ms | p99 ms | req/s vs baseline | ${rounds > 1 ? 'req/s each round | ' : ''}statuses |`,
  `|---|---:|---:|---:|---:|---:|${rounds > 1 ? '---|' : ''}---|`,
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.rps} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${baseline ? `${((r.rps / baseline.rps) * 100).toFixed(1)} %` : '-'} | ${r.rounds ? `${r.rounds.map((x) => x.rps).join(', ')} | ` : ''}${Object.entries(
        r.statuses,
      )
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}${r.errors ? ` errors×${r.errors}` : ''} |`,
  ),
];
console.log(lines.join('\n'));
const outDir = path.join(root, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `api-${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      kind,
      label: opts.label,
      connections,
      duration: Number(opts.duration),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        memGiB: Math.round(totalmem() / 2 ** 30),
        loadavg: loadavg(),
      },
      settled,
      rounds,
      settledAfterRounds,
      results,
    },
    null,
    2,
  ),
);
console.error(`\nwritten ${path.relative(root, file)}`);
// The server is stopped and awaited, so that what it writes on exit (a --cpu-prof profile) is
// written before the pipes it logs to close.
if (server.exitCode === null) {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
process.exit(0);
