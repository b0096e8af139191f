/**
 * The tables of docs/PERFORMANCE.md from the raw runs in bench/results (issue 17):
 *
 *   npx tsx bench/report.ts            (the newest run of each label)
 *
 * First a summary table (the one of docs/PERFORMANCE.md), then the detailed tables.
 *
 * Runs are labelled by `bench:api -- --label`: pg-10k, pg-100k, pg-1m (PostgreSQL, 32
 * connections) and pglite-100k (8 connections). Prints, for the 100,000-patient PostgreSQL run,
 * each read against the session-only route of the same run and the targets; the growth of each
 * read's p95 from 10,000 to 1,000,000 patients; and PGlite. The ratios to raw SQL are printed by
 * `npm run bench:pgbench` (bench/results/pgbench-*.json).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Figures = {
  name: string;
  rps: number;
  p95: number;
  bytes?: number;
  statuses: Record<string, number>;
  cpu?: { serverMs: number; postgresMs: number | null } | null;
  /** With `bench:api -- --rounds N`: every round's figures; the others are the median round's. */
  rounds?: { rps: number; p95: number }[];
};
type Run = {
  date: string;
  label: string;
  connections: number;
  results: Figures[];
  file: string;
  rounds?: number;
};

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const runs: Run[] = readdirSync(dir)
  .filter((f) => /^api-.*\.json$/.test(f))
  .map((f) => ({ ...(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Run), file: f }))
  .sort((a, b) => a.date.localeCompare(b.date));
const newest = (label: string) => runs.filter((r) => r.label === label).at(-1);
/** A run's start as "YYYY-MM-DD HH:MM" (UTC), or "-" when there is no such run. */
const when = (run?: Run) => (run ? run.date.slice(0, 16).replace('T', ' ') : '-');
/** ", the median of N rounds" for a run of several rounds. */
const ofRounds = (run: Run) => ((run.rounds ?? 1) > 1 ? `, the median of ${run.rounds} rounds` : '');
/** A read's req/s in each round, first round first ("" for a run of one round). */
const eachRound = (f: Figures) =>
  f.rounds && f.rounds.length > 1 ? f.rounds.map((r) => r.rps).join(', ') : '';
const SESSION = 'GET /api/user/user-details (session only)';
const isRead = (f: Figures) => f.name.startsWith('GET') || f.name.includes('(month)');
const isBaseline = (f: Figures) => f.name.startsWith('baseline');
/** The reads targets 1 and 3 are about: signed in, not the session check itself. */
const isSignedInRead = (f: Figures) => isRead(f) && f.name !== SESSION && !f.name.includes('(public)');
const kb = (b?: number) => (b ? (b / 1024).toFixed(1) : '');
const ok = (yes: boolean) => (yes ? 'yes' : '**no**');
/** The run's CPU per request (bench/cpu-time.ts), absent from runs before it was measured. */
const cpu = (f: Figures) =>
  f.cpu
    ? `${f.cpu.serverMs.toFixed(2)} / ${f.cpu.postgresMs === null ? '-' : f.cpu.postgresMs.toFixed(2)}`
    : '';

const out: string[] = [];
const pg = newest('pg-100k');
const lite = newest('pglite-100k');
const sizes = ['pg-10k', 'pg-100k', 'pg-1m'].map((l) => newest(l));

// The one table of docs/PERFORMANCE.md: each read at 100,000 patients, and its p95 at the other
// sizes and on PGlite, from the newest run of each label.
if (pg) {
  const session = pg.results.find((r) => r.name === SESSION);
  const p95 = (run: Run | undefined, name: string) =>
    run?.results.find((r) => r.name === name)?.p95.toFixed(1) ?? '';
  out.push(
    `### Summary (PostgreSQL 100,000 ${when(pg)}${ofRounds(pg)}, 10,000 ${when(sizes[0])}, 1,000,000 ${when(sizes[2])}, PGlite ${when(lite)} UTC)`,
    '',
    '| read | req/s | p95 ms | KB | CPU ms/req server / PostgreSQL | vs bare Fastify | vs session-only | p95 10,000 | p95 1,000,000 | PGlite p95 (8 conn.) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  const base = pg.results.find(isBaseline)?.rps ?? 0;
  for (const r of pg.results.filter((f) => !isBaseline(f))) {
    const ratio = session ? r.rps / session.rps : 0;
    out.push(
      `| ${r.name} | ${r.rps} | ${r.p95.toFixed(1)} | ${kb(r.bytes)} | ${cpu(r)} | ${base ? `${((r.rps / base) * 100).toFixed(1)} %` : ''} | ${(ratio * 100).toFixed(0)} % | ${p95(sizes[0], r.name)} | ${p95(sizes[2], r.name)} | ${p95(lite, r.name)} |`,
    );
  }
  out.push('');
}

if (pg) {
  const session = pg.results.find((r) => r.name === SESSION);
  out.push(
    `### PostgreSQL, 100,000 patients (${when(pg)} UTC, ${pg.connections} connections${ofRounds(pg)}, ${pg.file})`,
    '',
    // Target 1 in the issue's own figures (≥ 1,500 req/s, on a machine whose bare Fastify answered
    // 65,417) and as its machine-independent form (≥ 25 % of the session-only route).
    `Bare Fastify answered ${pg.results.find(isBaseline)?.rps ?? '-'} req/s in this run.`,
    '',
    '| read | req/s | req/s each round | p95 ms | answer KB | CPU ms/req server / PostgreSQL | vs session-only | ≥ 1,500 req/s | ≥ 25 % | p95 < 50 ms |',
    '|---|---:|---|---:|---:|---:|---:|---|---|---|',
  );
  const met = { rps: 0, ratio: 0, p95: 0, reads: 0 };
  for (const r of pg.results.filter((f) => !isBaseline(f))) {
    const ratio = session ? r.rps / session.rps : 0;
    const read = isRead(r) && r.name !== SESSION;
    if (isSignedInRead(r)) {
      met.reads++;
      met.rps += Number(r.rps >= 1500);
      met.ratio += Number(ratio >= 0.25);
      met.p95 += Number(r.p95 < 50);
    }
    out.push(
      `| ${r.name} | ${r.rps} | ${eachRound(r)} | ${r.p95.toFixed(1)} | ${kb(r.bytes)} | ${cpu(r)} | ${(ratio * 100).toFixed(0)} % | ${read ? ok(r.rps >= 1500) : ''} | ${read ? ok(ratio >= 0.25) : ''} | ${read ? ok(r.p95 < 50) : ''} |`,
    );
  }
  out.push(
    '',
    `Of ${met.reads} signed-in reads: ${met.rps} at ≥ 1,500 req/s, ${met.ratio} at ≥ 25 % of the session-only route, ${met.p95} with p95 < 50 ms.`,
    '',
  );
}

if (sizes.some(Boolean)) {
  out.push(
    '### Growth of p95 (ms) with the institute, PostgreSQL',
    '',
    // Runs on different days may come from different machines: say which run each column is.
    `Runs: ${sizes
      .map((r) => (r ? `${r.label} ${when(r)} UTC` : ''))
      .filter(Boolean)
      .join(', ')}.`,
    '',
    '| read | 10,000 | 100,000 | 1,000,000 |',
    '|---|---:|---:|---:|',
  );
  const names = (sizes.find(Boolean) as Run).results.filter((f) => !isBaseline(f)).map((f) => f.name);
  for (const name of names) {
    const cell = (run?: Run) => {
      const f = run?.results.find((r) => r.name === name);
      return f ? f.p95.toFixed(1) : '';
    };
    out.push(`| ${name} | ${sizes.map(cell).join(' | ')} |`);
  }
  const million = sizes[2];
  if (million) {
    // Target 3: every read of target 1 at p95 < 100 ms with 1,000,000 patients.
    const reads = million.results.filter(isSignedInRead);
    const under = reads.filter((f) => f.p95 < 100).length;
    out.push('', `1,000,000 patients: ${under} of ${reads.length} signed-in reads with p95 < 100 ms.`);
  }
  out.push('');
}

if (lite) {
  out.push(
    `### PGlite (embedded), 100,000 patients (${when(lite)} UTC, ${lite.connections} connections)`,
    '',
    '| read | req/s | p95 ms | p95 < 200 ms |',
    '|---|---:|---:|---|',
  );
  for (const r of lite.results.filter((f) => !isBaseline(f)))
    out.push(`| ${r.name} | ${r.rps} | ${r.p95.toFixed(1)} | ${isRead(r) ? ok(r.p95 < 200) : ''} |`);
  out.push('');
}

console.log(out.join('\n'));
