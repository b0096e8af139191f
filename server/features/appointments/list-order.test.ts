/**
 * The newest-first orders (the appointment list's "all" view, a patient's latest appointment on
 * the patient list) are read from their indexes in order: PostgreSQL matches an order to an
 * index by its words, and `id desc` (nulls first) against the indexes' `nulls last` left a sort
 * on the ids after every read (docs/decisions/0084-patient-appointments-from-one-index.md).
 *
 * On PostgreSQL only: the plans are PostgreSQL's, explained as the server prepares them.
 */
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PreparingClient } from '../../db/prepared-client';
import { MONDAY_10, makeAppointment, makePatient, movableClock } from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('newest-first reads', async () => {
  const ctx = await setupTestApp({ clock: movableClock(MONDAY_10) });
  const staff = await signedInStaff(ctx, { superadmin: true });
  const patient = await makePatient(ctx.database.db, { name: 'Elena Ordine' });
  for (const date of ['2026-01-05', '2026-02-10', null])
    await makeAppointment(ctx.database.db, { patientId: patient.id, date, time: date && '09:00' });
  const query = PreparingClient.prototype.query;
  afterAll(() => {
    PreparingClient.prototype.query = query;
  });

  /** The statements a read sends, with their values, as they reach PostgreSQL. */
  async function statementsOf(url: string) {
    const sent: { text: string; values: unknown[] }[] = [];
    PreparingClient.prototype.query = function (this: PreparingClient, config: unknown, ...rest: unknown[]) {
      const c = config as { text?: unknown; values?: unknown[] } | null;
      if (typeof c?.text === 'string' && /^\s*(select|with)\b/i.test(c.text) && !/"sessions"/.test(c.text))
        sent.push({ text: c.text, values: c.values ?? (rest[0] as unknown[]) ?? [] });
      return (query as (...a: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof query;
    const res = await ctx.app.inject({ url, headers: staff.headers });
    PreparingClient.prototype.query = query;
    expect(res.statusCode, url).toBe(200);
    return sent;
  }

  let named = 0;
  /** The generic plan of each statement, with the few rows of a test database not read whole. */
  async function plans(sent: { text: string; values: unknown[] }[]) {
    const client: pg.PoolClient = await ctx.database.pool!.connect();
    try {
      await client.query('set enable_seqscan = off');
      await client.query('set enable_bitmapscan = off');
      await client.query('set plan_cache_mode = force_generic_plan');
      const out: string[] = [];
      for (const [i, { text, values }] of sent.entries()) {
        await client.query({ name: `order_${named}_${i}`, text, values });
        const literal = values.map((v) =>
          client.escapeLiteral(Array.isArray(v) ? `{${v.join(',')}}` : String(v)),
        );
        const args = literal.length ? `(${literal.join(', ')})` : '';
        const plan = await client.query(`explain execute order_${named}_${i}${args}`);
        out.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return out;
    } finally {
      named += 1;
      await client.query('reset all');
      client.release();
    }
  }

  it("read the appointment list's newest first and each patient's latest without sorting the ids", async () => {
    for (const url of [
      '/api/appointment?hideOlder=false&page=1&perPage=20',
      '/api/patients?page=1&perPage=20',
    ]) {
      const explained = await plans(await statementsOf(url));
      expect(explained.length, url).toBeGreaterThan(0);
      for (const plan of explained) expect(plan, url).not.toMatch(/Incremental Sort/);
    }
  });
});
