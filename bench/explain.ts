/**
 * EXPLAIN ANALYZE of every list query, exactly as the routes send them (docs/PERFORMANCE.md).
 *
 *   npm run bench:data -- --patients 100000 --database-url postgres://postgres@127.0.0.1:5432/clinic_bench
 *   npx tsx bench/explain.ts --database-url postgres://postgres@127.0.0.1:5432/clinic_bench [--out file.md]
 *
 * Builds the app in this process on the bench database, records the SQL (text and parameters)
 * that each list endpoint sends through the pool, then runs EXPLAIN (ANALYZE, BUFFERS) of every
 * SELECT inside a transaction that is rolled back. Flags sequential scans on the large tables.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { clinicToday } from '../domain/dates';
import { openPostgres } from '../server/db/client';
import { signedInApp } from './in-process-app';

const { values: opts } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    out: { type: 'string' },
    email: { type: 'string', default: 'bench@institut.example' },
    password: { type: 'string', default: 'Bench-parola-lunga-2026' },
  },
});
const url = opts['database-url'];
if (!url) throw new Error('--database-url is required (EXPLAIN ANALYZE runs on PostgreSQL)');
const LARGE = [
  'patients',
  'appointments',
  'documents',
  'consultation_entries',
  'consultation_groups',
  'audit_events',
  'consents',
];

const database = await openPostgres(url, 4);
const pool = database.pool!;
let recording: { text: string; values: unknown[] }[] | null = null;
const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
  const [q, v] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof q === 'string' ? q : q.text;
  const values = (typeof q === 'string' ? v : (q.values ?? v)) ?? [];
  if (recording && /^\s*(select|with)\b/i.test(text) && !/"sessions"|"accounts"|"users"\s+where/i.test(text))
    recording.push({ text, values });
  return original(...args);
};

const { app, cookie, getData } = await signedInApp({
  database,
  url,
  name: 'explain',
  email: opts.email,
  password: opts.password,
});
const cal = (await getData<{ id: number }[]>('/api/calendars'))[1];
const doctor = (await getData<{ id: string }[]>('/api/appointment/doctors'))[0]?.id;

const f = (o: object) => encodeURIComponent(JSON.stringify(o));
const today = clinicToday(new Date());
const cases: [string, string, 'GET' | 'POST', object?][] = [
  ['patients, no filter, page 1', '/api/patients?page=1&perPage=20', 'GET'],
  ['patients, no filter, page 2000 (deep)', '/api/patients?page=2000&perPage=20', 'GET'],
  ['patients, name filter', `/api/patients?filters=${f({ name: 'popescu' })}&perPage=20`, 'GET'],
  ['patients, CNP prefix', `/api/patients?filters=${f({ cnp: '1850' })}&perPage=20`, 'GET'],
  // Four digits match the start or the end (the lists show the last four; issue 22).
  ['patients, CNP last four digits', `/api/patients?filters=${f({ cnp: '9192' })}&perPage=20`, 'GET'],
  ['patients, phone prefix', `/api/patients?filters=${f({ phone: '0722' })}&perPage=20`, 'GET'],
  ['patients, status filter', `/api/patients?filters=${f({ status: 'scheduled' })}&perPage=20`, 'GET'],
  ['patients, doctor filter', `/api/patients?filters=${f({ doctor })}&perPage=20`, 'GET'],
  ['patients, appointment date', `/api/patients?filters=${f({ appointment_date: today })}&perPage=20`, 'GET'],
  ['appointments, hideOlder', '/api/appointment?hideOlder=true&page=1&perPage=20', 'GET'],
  ['appointments, all, page 1', '/api/appointment?hideOlder=false&page=1&perPage=20', 'GET'],
  [
    'appointments, name filter',
    `/api/appointment?filters=${f({ name: 'popescu' })}&hideOlder=false&perPage=20`,
    'GET',
  ],
  ['documents, page 1', '/api/documents?page=1&perPage=20', 'GET'],
  ['documents, status filter', `/api/documents?filters=${f({ status: 'tosend' })}&perPage=20`, 'GET'],
  ['audit log, page 1', '/api/admin/audit?page=1&perPage=20', 'GET'],
  ['search', '/api/search?q=popescu', 'GET'],
  ['dashboard', '/api/dashboard', 'GET'],
  [
    'calendar month',
    `/api/calendars/${cal?.id ?? 2}/appointments`,
    'POST',
    { date: today, perDay: 3, includeInactive: false },
  ],
  [
    'dashboard calendar month',
    '/api/dashboard/calendar',
    'POST',
    { date: today, perDay: 3, includeInactive: false },
  ],
];

const lines: string[] = [];
const seqScans: string[] = [];
for (const [name, u, method, body] of cases) {
  recording = [];
  const res = await app.inject({ method, url: u, headers: { cookie }, ...(body ? { payload: body } : {}) });
  const queries = recording;
  recording = null;
  lines.push(`### ${name}\n\n\`${method} ${decodeURIComponent(u)}\` → ${res.statusCode}\n`);
  // Only the queries on the large tables: the session and settings lookups are key reads.
  for (const q of queries.filter((x) => LARGE.some((t) => new RegExp(`\\b${t}\\b`).test(x.text)))) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const plan = await client.query({
        text: `explain (analyze, buffers) ${q.text}`,
        values: q.values as unknown[],
      });
      await client.query('rollback');
      const text = plan.rows
        .map((r: Record<string, string>) => r['QUERY PLAN'])
        .filter((l: string) => !/^\s*(Buffers|Planning:)/.test(l))
        .join('\n');
      const seq = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]).filter((t) => LARGE.includes(t));
      for (const t of seq) seqScans.push(`${name}: ${t}`);
      const time = text.match(/Execution Time: ([\d.]+) ms/)?.[1];
      lines.push(
        `<details><summary>${time} ms${seq.length ? ` — **sequential scan on ${seq.join(', ')}**` : ''}: <code>${q.text.replace(/\s+/g, ' ').slice(0, 120)}…</code></summary>\n\n\`\`\`sql\n${q.text.trim()}\n-- parameters: ${JSON.stringify(q.values)}\n\`\`\`\n\n\`\`\`\n${text}\n\`\`\`\n</details>\n`,
      );
    } finally {
      client.release();
    }
  }
}
const summary = seqScans.length
  ? `Sequential scans on large tables:\n${seqScans.map((s) => `- ${s}`).join('\n')}\n`
  : 'No sequential scan on a large table.\n';
const md = `${summary}\n${lines.join('\n')}`;
if (opts.out) writeFileSync(opts.out, md);
else console.log(md);
console.error(summary);
await app.close();
await database.close();
