/**
 * How close the API comes to the database's own limit (docs/PERFORMANCE.md): for each selected
 * endpoint of bench/api-endpoints.ts, the SQL one request sends, run by `pgbench` at the load
 * run's concurrency, beside the API's req/s from the newest bench/results/api-postgres-*.json.
 *
 *   npm run bench:pgbench -- --database-url postgres://postgres@127.0.0.1:5432/clinic_bench
 *     [--only "GET /api/search,..."] [--connections 32] [--duration 10] [--variants 8]
 *     [--params bound|literals] [--api-results file-or-directory] [--scripts dir]
 *
 * Without --only: the three slowest signed-in reads of the newest full run of bench/api.ts.
 *
 * Builds the app in this process on the bench database (as bench/explain.ts does), signs in, and
 * for every endpoint sends the requests the load run sends (request index 0..variants-1, so the
 * filters that vary per request are covered) once to warm the app's caches (estimated totals,
 * settings), then once more while recording every statement the pool's connections receive:
 * the session check, the totals, the page, the audit insert. Each recorded request becomes one
 * pgbench script, all of an endpoint's scripts are run mixed (`-f file@1` each) with
 * `-n -M prepared -c <connections> -j 2 -T <duration>`, and pgbench's transactions/s is the
 * requests/s the raw SQL reaches. One transaction = one request's statements, each autocommitted
 * as the API sends them (no BEGIN/COMMIT is added).
 *
 * Parameters (--params): `bound` (default) passes them as pgbench variables, which pgbench sends
 * as bind parameters of its prepared statements, exactly as the app's PreparingClient does
 * (same plan cache behaviour: custom plans, then a generic one); `literals` writes them into the
 * SQL as quoted literals (then every prepared statement has its own plan for its own values).
 * EXPLAIN (the totals estimate) prepares fine at the protocol level, so -M prepared is used for
 * every script.
 *
 * Audit inserts are kept and committed, not rolled back: their commit (a WAL flush) is part of
 * what each API read costs, and a rollback would hide it. The recorded requests come from the
 * documentation address 192.0.2.1 (RFC 5737), so their audit rows and those pgbench adds carry
 * that ip and are deleted after each run (and on failure): the bench data do not grow. (The API gathers concurrent audit rows
 * into one insert; pgbench inserts one row per transaction, so its figure is, if anything, low.)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os, { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { clinicToday } from '../domain/dates';
import { openPostgres, PLANNER_OPTIONS } from '../server/db/client';
import { PreparingClient } from '../server/db/prepared-client';
import { endpoints } from './api-endpoints';
import { signedInApp } from './in-process-app';

/** The address the recorded requests come from, so the audit rows pgbench adds can be removed. */
const MARKER_IP = '192.0.2.1';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    /** Default: the three slowest signed-in reads of the newest full run of bench/api.ts. */
    only: { type: 'string' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    variants: { type: 'string', default: '8' },
    params: { type: 'string', default: 'bound' },
    'api-results': { type: 'string' },
    /** Keep the pgbench scripts (and the -D definitions) in this directory, to read or rerun them. */
    scripts: { type: 'string' },
    pgbench: { type: 'string', default: 'pgbench' },
    email: { type: 'string', default: 'bench@institut.example' },
    password: { type: 'string', default: 'Bench-parola-lunga-2026' },
  },
});
const url = opts['database-url'];
if (!url) throw new Error('--database-url is required (pgbench runs on PostgreSQL)');
if (opts.params !== 'bound' && opts.params !== 'literals') throw new Error('--params is bound or literals');
const connections = Number(opts.connections);
const variants = Number(opts.variants);
const resultsDir = path.join(root, 'bench', 'results');
type ApiRun = { date: string; connections: number; results: { name: string; rps: number; p95: number }[] };
/** The API runs, newest first: the file given, or every bench/results/api-postgres-*.json. */
function apiRuns(): { file: string; run: ApiRun }[] {
  const given = opts['api-results'];
  let files: string[] = [];
  if (given && !statSync(given).isDirectory()) files = [given];
  else {
    const d = given ?? resultsDir;
    try {
      // The file names carry an ISO time: in reverse order, the newest first.
      files = readdirSync(d)
        .filter((f) => /^api-postgres-.*\.json$/.test(f))
        .sort()
        .reverse()
        .map((f) => path.join(d, f));
    } catch {}
  }
  return files.map((file) => ({ file, run: JSON.parse(readFileSync(file, 'utf8')) as ApiRun }));
}
/** The three slowest signed-in reads of the newest run that measured every endpoint. */
function slowestReads(): string[] {
  const full = apiRuns().find(({ run }) => run.results.length >= 20);
  if (!full) throw new Error('no full bench/api.ts run in bench/results: pass --only');
  return full.run.results
    .filter((r) => !/^baseline|\(session only\)|\(public/.test(r.name))
    .sort((x, y) => x.rps - y.rps)
    .slice(0, 3)
    .map((r) => r.name);
}
const only = opts.only ? opts.only.split(',').map((s) => s.trim()) : slowestReads();

type Statement = { text: string; values: unknown[] };
// The audit rows the recorded requests (and pgbench after them) add are removed at the end.
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const lastAuditId = async () =>
  Number((await admin.query('select coalesce(max(id), 0) as id from audit_events')).rows[0].id);
const removeMarkedAudits = async (after: number) =>
  (await admin.query('delete from audit_events where id > $1 and ip = $2', [after, MARKER_IP])).rowCount ?? 0;
const startAuditId = await lastAuditId();

const database = await openPostgres(url, 4);
// Recorded on the connections, not on pool.query: statements sent inside a transaction on a
// checked-out client count too.
let recording: Statement[] | null = null;
const clientQuery = PreparingClient.prototype.query;
PreparingClient.prototype.query = function (
  this: PreparingClient,
  config: unknown,
  values?: unknown,
  cb?: unknown,
) {
  if (recording) {
    const c = config as string | { text: string; values?: unknown[] };
    const text = typeof c === 'string' ? c : c.text;
    const vals = (typeof c === 'string' ? values : (c.values ?? values)) as unknown[] | undefined;
    recording.push({ text, values: Array.isArray(vals) ? vals : [] });
  }
  return clientQuery.call(this, config, values, cb);
};

const { app, cookie, getData } = await signedInApp({
  database,
  url,
  name: 'pgbench',
  email: opts.email,
  password: opts.password,
});
const cals = await getData<{ id: number }[]>('/api/calendars');
const doctors = await getData<{ id: string }[]>('/api/appointment/doctors');
const list = endpoints({
  today: clinicToday(new Date()),
  calendarId: cals[1]?.id ?? cals[0].id,
  runSalt: Math.floor(Date.now() / 100) % 100_000_000,
  doctorIds: doctors.map((d) => d.id),
}).filter((e) => e.target === 'app' && only.some((o) => e.name.includes(o)));
if (!list.length) throw new Error(`no endpoint matches --only ${only.join(',')}`);

const send = (e: (typeof list)[number], i: number) => {
  const { path: p, body } = e.next(i);
  return app.inject({
    method: e.method,
    url: p,
    remoteAddress: MARKER_IP,
    headers: e.signedIn ? { cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
};
const recorded: { name: string; requests: Statement[][] }[] = [];
for (const e of list) {
  for (let i = 0; i < variants; i++) await send(e, i);
  const requests: Statement[][] = [];
  for (let i = 0; i < variants; i++) {
    recording = [];
    const res = await send(e, i);
    requests.push(recording);
    recording = null;
    if (res.statusCode >= 300)
      throw new Error(`${e.name} #${i}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  recorded.push({ name: e.name, requests });
}
await app.close();
await database.close();

// ---- pgbench scripts ---------------------------------------------------------------------------

const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): string | Buffer | null } }).utils
  .prepareValue;
/** A SQL literal of unknown type, as an untyped bind parameter is; a colon is escaped (pgbench reads `:name`). */
function literal(v: string): string {
  const quoted = v.replace(/'/g, "''");
  return v.includes(':') ? `U&'${quoted.replace(/\\/g, '\\\\').replace(/:/g, '\\003A')}'` : `'${quoted}'`;
}

/**
 * pgbench takes `:name` for a variable even inside a string literal ('HH24:MI'): the SQL's own
 * literals with a colon are written as the same literal with the colon escaped.
 */
const escapeLiteralColons = (sql: string) =>
  sql.replace(/(?<![\w&])'((?:[^']|'')*)'/g, (whole, body: string) =>
    body.includes(':') ? literal(body.replace(/''/g, "'")) : whole,
  );

/** One request as a pgbench script; `vars` collects the -D definitions of the bound parameters. */
function script(statements: Statement[], prefix: string, vars: string[]): string {
  return statements
    .map((s, n) => {
      if (/;\s*\S/.test(s.text)) throw new Error(`several statements in one text: ${s.text.slice(0, 80)}`);
      const sql = escapeLiteralColons(s.text)
        .replace(/\s*;\s*$/, '')
        .replace(/\$(\d+)\b/g, (_, k: string) => {
          const v = prepareValue(s.values[Number(k) - 1]);
          if (v === null || v === undefined) return 'NULL';
          const text = Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : v;
          if (opts.params === 'literals') return literal(text);
          const name = `${prefix}_${n}_${k}`;
          vars.push(`${name}=${text}`);
          return `:${name}`;
        });
      // pgbench reads a command up to its `;`, over several lines if need be.
      return `${sql};\n`;
    })
    .join('');
}

function runPgbench(files: string[], vars: string[]): Promise<string> {
  const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', opts.duration];
  for (const v of vars) args.push('-D', v);
  for (const f of files) args.push('-f', `${f}@1`);
  args.push(url!);
  return new Promise((resolve, reject) => {
    // With the planner settings of the app's own connections (0053, 0073), so pgbench runs the
    // plans the API runs.
    const child = spawn(opts.pgbench, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PGOPTIONS: PLANNER_OPTIONS },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}:\n${err.slice(-2000)}`)),
    );
  });
}

await removeMarkedAudits(startAuditId);

const dir = opts.scripts
  ? path.resolve(opts.scripts)
  : mkdtempSync(path.join(os.tmpdir(), 'clinic-pgbench-'));
mkdirSync(dir, { recursive: true });
type Row = {
  name: string;
  statementsPerRequest: number;
  statements: string[];
  tps: number;
  latencyMs: number;
  transactions: number;
  failed: number;
  auditRowsRemoved: number;
  apiRps?: number;
  apiP95?: number;
  apiConnections?: number;
  apiResults?: string;
  ratio?: number;
};
const rows: Row[] = [];
try {
  for (const [e, { name, requests }] of recorded.entries()) {
    const vars: string[] = [];
    const files = requests.map((statements, i) => {
      const file = path.join(dir, `e${e}-r${i}.sql`);
      writeFileSync(file, script(statements, `e${e}r${i}`, vars));
      return file;
    });
    writeFileSync(path.join(dir, `e${e}-variables.txt`), `${vars.join('\n')}\n`);
    const before = await lastAuditId();
    const out = await runPgbench(files, vars);
    const removed = await removeMarkedAudits(before);
    const num = (re: RegExp) => Number(out.match(re)?.[1] ?? Number.NaN);
    const counts = requests.map((r) => r.length);
    rows.push({
      name,
      statementsPerRequest: Math.round((counts.reduce((a, b) => a + b, 0) / counts.length) * 10) / 10,
      // Each distinct statement once (its first 200 characters), to see what a request sends.
      statements: [...new Set(requests.flat().map((s) => s.text.replace(/\s+/g, ' ').slice(0, 200)))],
      tps: Math.round(num(/tps = ([\d.]+) \(without initial connection time\)/)),
      latencyMs: num(/latency average = ([\d.]+) ms/),
      transactions: num(/number of transactions actually processed: (\d+)/),
      failed: num(/number of failed transactions: (\d+)/) || 0,
      auditRowsRemoved: removed,
    });
    console.error(
      `  ${name}: ${rows.at(-1)?.tps} transactions/s, ${counts.join('/')} statements per request`,
    );
  }
} finally {
  // Also when pgbench failed half-way.
  await removeMarkedAudits(startAuditId);
  await admin.end();
  if (!opts.scripts) rmSync(dir, { recursive: true, force: true });
}

// ---- beside the API's figures ------------------------------------------------------------------

// Each endpoint's figures from the newest run that measured it (runs with --only measure a few).
const runs = apiRuns();
for (const r of rows) {
  for (const { file, run } of runs) {
    const a = run.results.find((x) => x.name === r.name);
    if (!a) continue;
    Object.assign(r, {
      apiRps: a.rps,
      apiP95: a.p95,
      apiConnections: run.connections,
      apiResults: path.basename(file),
      ratio: Math.round((a.rps / r.tps) * 1000) / 10,
    });
    break;
  }
}

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model,
  memGiB: Math.round(totalmem() / 2 ** 30),
  loadavg: loadavg(),
};
const lines = [
  `pgbench -M prepared (${opts.params} parameters), ${connections} connections, ${opts.duration} s per endpoint, ${variants} request variants mixed; load average ${machine.loadavg.map((l) => l.toFixed(1)).join(' ')}`,
  `API figures: each endpoint's newest of ${runs.length} bench/results/api-postgres-*.json (bench/api.ts; --api-results file or directory)`,
  '',
  '| endpoint | statements per request | pgbench transactions/s | pgbench latency avg ms | API req/s | API p95 ms | API ÷ pgbench |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.statementsPerRequest} | ${r.tps}${r.failed ? ` (${r.failed} failed)` : ''} | ${r.latencyMs.toFixed(2)} | ${r.apiRps ?? '-'}${r.apiConnections && r.apiConnections !== connections ? ` (${r.apiConnections} connections)` : ''} | ${r.apiP95?.toFixed(1) ?? '-'} | ${r.ratio === undefined ? '-' : `${r.ratio.toFixed(1)} %`} |`,
  ),
];
console.log(lines.join('\n'));
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `pgbench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      connections,
      duration: Number(opts.duration),
      variants,
      params: opts.params,
      machine,
      results: rows,
    },
    null,
    2,
  ),
);
console.error(`\nwritten ${path.relative(root, file)}`);
