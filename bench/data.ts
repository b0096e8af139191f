/**
 * Fills a database with a realistic large institute for the benchmarks (docs/PERFORMANCE.md).
 *
 *   npm run bench:data -- --patients 100000 --database-url postgres://postgres@127.0.0.1:5432/clinic_bench
 *   npm run bench:data -- --patients 10000 --data-dir .bench-data/pglite-10k     (embedded PGlite)
 *
 * N patients with valid CNPs, 3N appointments over five years in every status, N document rows
 * (storage keys that point nowhere: enough for the lists, not for opening a file), 1.5N
 * consultation entries, 2N audit events, 30 doctors, 6 calendars with availability, holidays and
 * time off, and a superadmin to sign in with (--email / --password, printed at the end).
 * The database must be new or empty; --reset drops it (PostgreSQL) or its directory (PGlite)
 * first. Rows go in as a restore does it (bench/bulk-load.ts, docs/decisions/0049).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { clinicToday, formatDay } from '../domain/dates';
import { type Database, openPglite, openPostgres, runMigrations } from '../server/db/client';
import { generatePatient } from '../server/demo/demo-patients';
import { seededRandom } from '../server/demo/random';
import { batchWriter, beginBulkLoad, indexSessions } from './bulk-load';
import * as g from './data-gen';
import { loadReferenceData } from './data-reference';

const { values: opts } = parseArgs({
  options: {
    patients: { type: 'string', default: '10000' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    'data-dir': { type: 'string' },
    reset: { type: 'boolean', default: false },
    seed: { type: 'string', default: '20261122' },
    email: { type: 'string', default: 'bench@institut.example' },
    password: { type: 'string', default: 'Bench-parola-lunga-2026' },
    batch: { type: 'string', default: '5000' },
  },
});
const N = Number(opts.patients);
const BATCH = Number(opts.batch);
if (!Number.isInteger(N) || N < 100) throw new Error('--patients must be an integer >= 100');

const started = performance.now();
const log = (msg: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${msg}`);

async function openTarget(): Promise<Database> {
  const url = opts['database-url'];
  if (url) {
    const target = new URL(url);
    const dbName = target.pathname.slice(1);
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    const ident = `"${dbName.replace(/"/g, '""')}"`;
    if (opts.reset && dbName !== 'postgres')
      await client.query(`drop database if exists ${ident} with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [dbName]);
    if (!exists.rowCount) await client.query(`create database ${ident}`);
    await client.end();
    return openPostgres(url, 4);
  }
  const dir = path.resolve(opts['data-dir'] ?? '.bench-data/pglite');
  if (opts.reset && existsSync(path.join(dir, 'db')))
    rmSync(path.join(dir, 'db'), { recursive: true, force: true });
  // The server's layout: DATA_DIR/db, so `DATA_DIR=<dir> npm start` opens this database.
  return openPglite(path.join(dir, 'db'));
}

const database = await openTarget();
const { db } = database;
type Param = unknown[];
const query = async (text: string, params: Param[] = []) =>
  database.pool
    ? (await database.pool.query(text, params)).rows
    : (await database.pglite!.query(text, params)).rows;

const { insertColumns, settle } = batchWriter(query, BATCH);
const sessions = indexSessions(database);

await runMigrations(database);
const [{ n: existing }] = (await query('select count(*)::int as n from users')) as { n: number }[];
if (existing > 0) {
  console.error('The database already has data: start from a new one, or pass --reset to drop it first.');
  await database.close();
  process.exit(2);
}
log(`target: ${database.kind}, ${N} patients`);
const rng = seededRandom(Number(opts.seed));
const today = clinicToday(new Date());
const days = g.workingDays(today);

// ------------------------------------------------------------------ staff, calendars, statuses
const { doctors, statuses, calIds, onLeave, summary } = await loadReferenceData({
  db,
  query,
  insertColumns,
  rng,
  today,
  days,
  patients: N,
  email: opts.email!,
  password: opts.password!,
});
log(summary);

// ------------------------------------------------------------------ patients
const bulk = await beginBulkLoad({
  query,
  sessions,
  tables: [
    'patients',
    'appointments',
    'registration_days',
    'documents',
    'consultation_groups',
    'consultation_entries',
    'audit_events',
  ],
  log,
});
const used = new Set<string>();
const PATIENT_COLS: [string, string][] = [
  ['name', 'text'],
  ['name_search', 'text'],
  ['cnp', 'text'],
  ['phone', 'text'],
  ['email', 'text'],
  ['gp_name', 'text'],
  ['gp_email', 'text'],
  ['gp_phone', 'text'],
  ['insurance_status', 'text'],
  ['state_residency', 'text'],
  ['covid_vaccine', 'smallint'],
  ['created_at', 'timestamptz'],
];
for (let done = 0; done < N; done += BATCH) {
  const rows: unknown[][] = [];
  for (let i = done; i < Math.min(N, done + BATCH); i++) {
    const p = generatePatient(rng, used);
    rows.push([
      p.name,
      p.nameSearch,
      p.cnp,
      p.phone,
      p.email,
      p.gpName,
      p.gpEmail,
      p.gpPhone,
      p.insuranceStatus,
      p.stateResidency,
      p.covidVaccine,
      g.instantBetween(rng, days),
    ]);
  }
  await insertColumns('patients', PATIENT_COLS, rows);
}
await settle();
const [{ first }] = (await query('select min(id)::int as first from patients')) as { first: number }[];
log(`${N} patients`);

// ------------------------------------------------------------------ appointments
const APPT_COLS: [string, string][] = [
  ['patient_id', 'int'],
  ['doctor_id', 'text'],
  ['calendar_id', 'int'],
  ['status', 'text'],
  ['custom_status_id', 'int'],
  ['selected_date', 'date'],
  ['selected_time', 'time'],
  ['holds_slot', 'bool'],
  ['public_request', 'bool'],
  ['request_data', 'jsonb'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
let batch: unknown[][] = [];
const flush = async (table: string, cols: [string, string][], force = false) => {
  if (batch.length >= BATCH || (force && batch.length)) {
    await insertColumns(table, cols, batch);
    batch = [];
  }
};
for (const row of g.appointmentRows(rng, {
  total: 3 * N,
  patients: { first, count: N },
  days,
  publicCalendar: calIds[0],
  slotCalendars: calIds.slice(1),
  doctors,
  statuses,
  onLeave,
})) {
  // Last updated when created: written with the row (an update of every row afterwards rewrote
  // 3,000,000 rows and all their index entries, over 17 minutes at 1,000,000 patients).
  batch.push([...row, row.at(-1)]);
  await flush('appointments', APPT_COLS);
}
await flush('appointments', APPT_COLS, true);
await settle();
await query(
  `insert into registration_days (calendar_id, day, count)
   select calendar_id, selected_date, count(*) from appointments where public_request group by 1, 2`,
);
const [{ lo, hi }] = (await query('select min(id)::int as lo, max(id)::int as hi from appointments')) as {
  lo: number;
  hi: number;
}[];
log(`${3 * N} appointments`);

// ------------------------------------------------------------------ documents
const DOC_COLS: [string, string][] = [
  ['patient_id', 'int'],
  ['appointment_id', 'int'],
  ['title', 'text'],
  ['filename', 'text'],
  ['ext', 'text'],
  ['mime', 'text'],
  ['size', 'int'],
  ['storage_key', 'text'],
  ['status', 'text'],
  ['uploaded_by', 'text'],
  ['created_at', 'timestamptz'],
];
for (let i = 0; i < N; i++) {
  const kind = rng.pick(g.DOCUMENT_KINDS);
  batch.push([
    first + rng.int(0, N - 1),
    rng.chance(0.3) ? rng.int(lo, hi) : null,
    kind.title,
    `${kind.title.toLowerCase().replace(/ /g, '-')}.${kind.ext}`,
    kind.ext,
    kind.mime,
    rng.int(20_000, 5_000_000),
    `bench/${i}-${randomUUID()}`,
    rng.chance(0.7) ? 'sent' : 'tosend',
    rng.pick(doctors),
    g.instantBetween(rng, days),
  ]);
  await flush('documents', DOC_COLS);
}
await flush('documents', DOC_COLS, true);
log(`${N} documents (rows only: their storage keys point to no file)`);

// ------------------------------------------------------------------ consultations: 0.3N groups x 5 sections
const groups = Math.round(0.3 * N);
const GROUP_COLS: [string, string][] = [
  ['guid', 'uuid'],
  ['patient_id', 'int'],
  ['title', 'text'],
  ['date', 'date'],
  ['created_by', 'text'],
];
const ENTRY_COLS: [string, string][] = [
  ['group_guid', 'uuid'],
  ['patient_id', 'int'],
  ['type', 'text'],
  ['doctor_id', 'text'],
  ['content', 'text'],
];
let entries: unknown[][] = [];
for (let i = 0; i < groups; i++) {
  const guid = randomUUID();
  const patientId = first + rng.int(0, N - 1);
  const date = days[rng.int(0, days.length - 1)];
  const doctor = rng.pick(doctors);
  batch.push([guid, patientId, `Consultatie ${formatDay(date)}`, date, doctor]);
  for (const [type, options] of Object.entries(g.CONSULT_SECTIONS))
    entries.push([guid, patientId, type, doctor, rng.pick(options)]);
  if (batch.length >= BATCH) {
    await flush('consultation_groups', GROUP_COLS, true);
    await insertColumns('consultation_entries', ENTRY_COLS, entries);
    entries = [];
  }
}
await flush('consultation_groups', GROUP_COLS, true);
await insertColumns('consultation_entries', ENTRY_COLS, entries);
log(`${groups} consultations, ${groups * 5} consultation entries`);

// ------------------------------------------------------------------ audit log: 2N events
const AUDIT_COLS: [string, string][] = [
  ['at', 'timestamptz'],
  ['actor_id', 'text'],
  ['action', 'text'],
  ['entity_type', 'text'],
  ['entity_id', 'text'],
  ['patient_id', 'int'],
  ['ip', 'text'],
];
for (let i = 0; i < 2 * N; i++) {
  const action = rng.pick(g.AUDIT_ACTIONS);
  const patientId = first + rng.int(0, N - 1);
  const entityId = action === 'document.open' ? rng.int(1, N) : patientId;
  batch.push([
    g.instantBetween(rng, days),
    rng.pick(doctors),
    action,
    action.split('.')[0],
    String(entityId),
    patientId,
    `10.0.${rng.int(0, 255)}.${rng.int(1, 254)}`,
  ]);
  await flush('audit_events', AUDIT_COLS);
}
await flush('audit_events', AUDIT_COLS, true);
await settle();
// Every slot an appointment was given is audited with the calendar, date and time set (what the
// dashboard's "rescheduled" figure reads); one in ten was moved since, so its event differs.
const [{ n: slotEvents }] = (await query(
  `with ins as (insert into audit_events (at, actor_id, action, entity_type, entity_id, patient_id, ip, details)
   select a.created_at, a.doctor_id, case when a.id % 3 = 0 then 'appointment.set-status' else 'appointment.create' end,
     'appointment', a.id::text, a.patient_id, '10.0.0.1',
     jsonb_build_object('calendarId', a.calendar_id, 'time', to_char(a.selected_time, 'HH24:MI'),
       'date', case when a.id % 10 = 0 then (a.selected_date - 7)::text else a.selected_date::text end)
   from appointments a where a.holds_slot returning 1) select count(*)::int as n from ins`,
)) as { n: number }[];
log(`${2 * N + slotEvents} audit events`);
await bulk.finish();
log('indexes built');

// Fresh statistics and visibility map, as autovacuum (PostgreSQL) or the nightly maintenance
// (PGlite, server/platform/db-maintenance.ts) would have after a while: the plans then match
// production.
await query('vacuum analyze');
const sizes = (await query(
  `select relname as table, n_live_tup::int as rows from pg_stat_user_tables where n_live_tup > 0 order by n_live_tup desc`,
)) as { table: string; rows: number }[];
log('done');
for (const s of sizes.slice(0, 12)) console.log(`  ${s.table.padEnd(28)} ${String(s.rows).padStart(10)}`);
console.log(`\nSign in as ${opts.email} with the password ${opts.password}`);
await database.close();
