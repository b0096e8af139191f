/**
 * The newest-first orders (the appointment list's "all" view, a patient's latest appointment on
 * the patient list) are read from their indexes in order: PostgreSQL matches an order to an
 * index by its words, and `id desc` (nulls first) against the indexes' `nulls last` left a sort
 * on the ids after every read (docs/decisions/0084-patient-appointments-from-one-index.md).
 *
 * On PostgreSQL only: the plans are PostgreSQL's, explained as the server prepares them.
 */
import { describe, expect, it } from 'vitest';
import { MONDAY_10, makeAppointment, makePatient, movableClock } from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { genericPlan, statementsSent } from '../../test/plans';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('newest-first reads', async () => {
  const ctx = await setupTestApp({ clock: movableClock(MONDAY_10) });
  const staff = await signedInStaff(ctx, { superadmin: true });
  const patient = await makePatient(ctx.database.db, { name: 'Elena Ordine' });
  for (const date of ['2026-01-05', '2026-02-10', null])
    await makeAppointment(ctx.database.db, { patientId: patient.id, date, time: date && '09:00' });
  /** The reads' statements (the session's left out), with their values. */
  async function statementsOf(url: string) {
    const [res, sent] = await statementsSent(() => ctx.app.inject({ url, headers: staff.headers }));
    expect(res.statusCode, url).toBe(200);
    return sent.filter(({ text }) => /^\s*(select|with)\b/i.test(text) && !/"sessions"/.test(text));
  }

  it("read the appointment list's newest first and each patient's latest without sorting the ids", async () => {
    for (const url of [
      '/api/appointment?hideOlder=false&page=1&perPage=20',
      '/api/patients?page=1&perPage=20',
    ]) {
      const explained = await Promise.all(
        (await statementsOf(url)).map(({ text, values }) =>
          genericPlan(ctx.database.pool!, text, values, { indexesOnly: true }),
        ),
      );
      expect(explained.length, url).toBeGreaterThan(0);
      for (const plan of explained) expect(plan, url).not.toMatch(/Incremental Sort/);
    }
  });
});
