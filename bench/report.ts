/**
 * The tables of docs/PERFORMANCE.md from the raw runs in bench/results (issue 17):
 *
 *   npx tsx bench/report.ts            (the newest run of each label)
 *
 * Runs are labelled by `bench:api -- --label`: pg-10k, pg-100k, pg-1m (PostgreSQL, 32
 * connections) and pglite-100k (8 connections). Prints, for the 100,000-patient PostgreSQL run,
 * each read against the session-only route of the same run and the targets; the growth of each
 * read's p95 from 10,000 to 1,000,000 patients; PGlite; and the pgbench ratios when a
 * bench:pgbench run exists.
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
};
type Run = { date: string; label: string; connections: number; results: Figures[]; file: string };

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const runs: Run[] = readdirSync(dir)
  .filter((f) => /^api-.*\.json$/.test(f))
  .map((f) => ({ ...(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Run), file: f }))
  .sort((a, b) => a.date.localeCompare(b.date));
const newest = (label: string) => runs.filter((r) => r.label === label).at(-1);

const SESSION = 'GET /api/user/user-details (session only)';
const isRead = (f: Figures) => f.name.startsWith('GET') || f.name.includes('(month)');
const isBaseline = (f: Figures) => f.name.startsWith('baseline');
const kb = (b?: number) => (b ? (b / 1024).toFixed(1) : '');
const ok = (yes: boolean) => (yes ? 'yes' : '**no**');
/** The run's CPU per request (bench/cpu-time.ts), absent from runs before it was measured. */
const cpu = (f: Figures) =>
  f.cpu
    ? `${f.cpu.serverMs.toFixed(2)} / ${f.cpu.postgresMs === null ? '-' : f.cpu.postgresMs.toFixed(2)}`
    : '';

const out: string[] = [];
const pg = newest('pg-100k');
if (pg) {
  const session = pg.results.find((r) => r.name === SESSION);
  out.push(
    `### PostgreSQL, 100,000 patients (${pg.date.slice(0, 16).replace('T', ' ')} UTC, ${pg.connections} connections, ${pg.file})`,
    '',
    '| read | req/s | p95 ms | answer KB | CPU ms/req server / PostgreSQL | vs session-only | ≥ 25 % | p95 < 50 ms |',
    '|---|---:|---:|---:|---:|---:|---|---|',
  );
  for (const r of pg.results.filter((f) => !isBaseline(f))) {
    const ratio = session ? r.rps / session.rps : 0;
    const read = isRead(r) && r.name !== SESSION;
    out.push(
      `| ${r.name} | ${r.rps} | ${r.p95.toFixed(1)} | ${kb(r.bytes)} | ${cpu(r)} | ${(ratio * 100).toFixed(0)} % | ${read ? ok(ratio >= 0.25) : ''} | ${read ? ok(r.p95 < 50) : ''} |`,
    );
  }
  out.push('');
}

const sizes = ['pg-10k', 'pg-100k', 'pg-1m'].map((l) => newest(l));
if (sizes.some(Boolean)) {
  out.push(
    '### Growth of p95 (ms) with the institute, PostgreSQL',
    '',
    // Runs on different days may come from different machines: say which run each column is.
    `Runs: ${sizes
      .map((r) => (r ? `${r.label} ${r.date.slice(0, 16).replace('T', ' ')} UTC` : ''))
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
  out.push('');
}

const lite = newest('pglite-100k');
if (lite) {
  out.push(
    `### PGlite (embedded), 100,000 patients (${lite.date.slice(0, 16).replace('T', ' ')} UTC, ${lite.connections} connections)`,
    '',
    '| read | req/s | p95 ms | p95 < 200 ms |',
    '|---|---:|---:|---|',
  );
  for (const r of lite.results.filter((f) => !isBaseline(f)))
    out.push(`| ${r.name} | ${r.rps} | ${r.p95.toFixed(1)} | ${isRead(r) ? ok(r.p95 < 200) : ''} |`);
  out.push('');
}

console.log(out.join('\n'));
