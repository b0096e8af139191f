/**
 * Patients with their appointments in one statement (the search): each patient's from one index,
 * in the order they are shown, newest first, undated last
 * (docs/decisions/0084-patient-appointments-from-one-index.md).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MONDAY_10, makeAppointment, makePatient, movableClock } from '../../test/factories';
import { setupTestApp } from '../../test/harness';
import { genericPlan } from '../../test/plans';
import { type PatientAppointmentColumns, withAppointments } from './others-repository';

const ctx = await setupTestApp({ clock: movableClock(MONDAY_10) });
const { db } = ctx.database;
const first = await makePatient(db, { name: 'Ilie Ordonescu' });
const second = await makePatient(db, { name: 'Oana Ordonescu' });
const none = await makePatient(db, { name: 'Petra Ordonescu' });
const made = async (patientId: number, date: string | null, time: string | null) =>
  (await makeAppointment(db, { patientId, date, time })).id;
const undated = await made(second.id, null, null);
const march = await made(second.id, '2026-03-02', '09:00');
const marchLater = await made(second.id, '2026-03-02', '11:30');
const marchUntimed = await made(second.id, '2026-03-02', null);
const january = await made(first.id, '2026-01-20', '08:00');

const ids = [first.id, second.id, none.id];
const statement = () =>
  withAppointments(
    sql`select id, name from patients where id = any(${sql.placeholder('ids')}::int[])`,
    sql`p.name, p.id`,
  );

describe('patients with their appointments', () => {
  it('come patient by patient, newest first, a day untimed after its times, undated last', async () => {
    const { sql: text } = new PgDialect().sqlToQuery(statement());
    const res = (await ctx.database.db.execute(
      sql.raw(text.replace('$1', `'{${ids.join(',')}}'`)),
    )) as unknown as { rows: ({ id: number } & PatientAppointmentColumns)[] };
    expect(res.rows.map((r) => [r.id, r.appointment_id])).toEqual([
      [first.id, january],
      [second.id, marchLater],
      [second.id, march],
      [second.id, marchUntimed],
      [second.id, undated],
      [none.id, null],
    ]);
    expect(res.rows[0]).toMatchObject({ appointment_date: '2026-01-20', appointment_time: '08:00' });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("read each patient's from the index alone", async () => {
    const { sql: text } = new PgDialect().sqlToQuery(statement());
    const plan = await genericPlan(ctx.database.pool!, text, [ids], { indexesOnly: true });
    // The status, doctor and calendar ids are in the index (INCLUDE, migration 0029): the
    // appointments' own rows are not read.
    expect(plan).toMatch(/Index Only Scan using appointments_patient_idx/);
  });
});
