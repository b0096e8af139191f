/**
 * Several patients' appointments (the search) come from one index in the order they are shown:
 * grouped by patient, newest first, undated last, with nothing sorted afterwards
 * (docs/decisions/0084-patient-appointments-from-one-index.md).
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MONDAY_10, makeAppointment, makePatient, movableClock } from '../../test/factories';
import { setupTestApp } from '../../test/harness';
import { appointmentsOfPatients, ofPatientsQuery } from './others-repository';

const ctx = await setupTestApp({ clock: movableClock(MONDAY_10) });
const { db } = ctx.database;
const first = await makePatient(db, { name: 'Ilie Ordonescu' });
const second = await makePatient(db, { name: 'Oana Ordonescu' });
const made = async (patientId: number, date: string | null, time: string | null) =>
  (await makeAppointment(db, { patientId, date, time })).id;
const undated = await made(second.id, null, null);
const march = await made(second.id, '2026-03-02', '09:00');
const marchLater = await made(second.id, '2026-03-02', '11:30');
const marchUntimed = await made(second.id, '2026-03-02', null);
const january = await made(first.id, '2026-01-20', '08:00');

describe('the appointments of several patients', () => {
  it('come patient by patient, newest first, a day untimed after its times, undated last', async () => {
    const rows = await appointmentsOfPatients(db, [second.id, first.id]);
    expect(rows.map((r) => [r.patientId, r.id])).toEqual([
      [first.id, january],
      [second.id, marchLater],
      [second.id, march],
      [second.id, marchUntimed],
      [second.id, undated],
    ]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('are read in index order, without a sort', async () => {
    const { sql: text } = new PgDialect().sqlToQuery(ofPatientsQuery(db).getSQL());
    const client = await ctx.database.pool!.connect();
    try {
      // The few rows of a test database would be read whole; off, the plan shows whether the
      // index gives the statement's order by itself (a plan kept for any patients).
      await client.query('set enable_seqscan = off');
      await client.query('set enable_bitmapscan = off');
      await client.query({ name: 'of_patients', text, values: [[first.id, second.id]] });
      await client.query('set plan_cache_mode = force_generic_plan');
      const plan = (await client.query(`explain execute of_patients('{${first.id},${second.id}}')`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index (Only )?Scan using appointments_patient_idx/);
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await client.query('discard all');
      client.release();
    }
  });
});
