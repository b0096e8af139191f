/**
 * The reads behind every list, month and search go to PostgreSQL as prepared statements: parsed
 * once per connection and, after a few runs, planned once (docs/decisions/0044-prepared-statements.md).
 * A text the client cannot name is parsed and planned on every request, and nothing else shows
 * it: the answer is the same, only slower. A `;` in a comment of a month's statement did that for
 * a while (docs/decisions/0077-month-prepared-again.md). Only statements marked for custom plans
 * are sent unnamed on purpose.
 *
 * On PostgreSQL only: PGlite runs in the server's process, without this client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicToday } from '../../domain/dates';
import { MONDAY_10, makeAppointment, makeCalendar, makePatient, movableClock } from '../test/factories';
import { createTestApp, type Staff, signedInStaff, type TestContext } from '../test/harness';
import { statementsSent } from '../test/plans';
import { CUSTOM_PLAN_MARK, statementName } from './prepared-client';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const q = (filters: object) => encodeURIComponent(JSON.stringify(filters));
const TODAY = clinicToday(MONDAY_10);

describe.skipIf(!onPostgres)('the reads of the lists, months and search', () => {
  let ctx: TestContext;
  let staff: Staff;
  let reads: { url: string; body?: object }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ clock: movableClock(MONDAY_10) });
    const { db } = ctx.database;
    staff = await signedInStaff(ctx, { superadmin: true });
    const calendar = await makeCalendar(db, { title: 'Cardiologie' });
    const patient = await makePatient(db, { name: 'Matei Petru' });
    await makeAppointment(db, {
      patientId: patient.id,
      slot: { calendarId: calendar.id, date: TODAY, time: '09:00' },
      doctorId: staff.id,
      status: 'scheduled',
    });
    const month = { date: TODAY, perDay: 3, includeInactive: false };
    const patientFilters: object[] = [
      { name: 'matei' },
      { cnp: '1234' },
      { status: 'scheduled' },
      { doctor: staff.id },
      { phone: '0722' },
      { appointment_date: TODAY },
    ];
    const appointmentFilters: object[] = [
      { name: 'petru matei' },
      { status: 'scheduled' },
      { doctor: staff.id },
      { date: TODAY },
    ];
    reads = [
      { url: '/api/user/user-details' },
      { url: '/api/patients?page=1&perPage=20' },
      ...patientFilters.map((f) => ({ url: `/api/patients?filters=${q(f)}&page=1&perPage=20` })),
      { url: '/api/appointment?hideOlder=true&page=1&perPage=20' },
      ...appointmentFilters.map((f) => ({ url: `/api/appointment?filters=${q(f)}&page=1&perPage=20` })),
      { url: '/api/dashboard' },
      { url: `/api/calendars/${calendar.id}/appointments`, body: { ...month, calendar_id: calendar.id } },
      { url: '/api/dashboard/calendar', body: month },
      { url: '/api/documents?page=1&perPage=20' },
      { url: `/api/documents?filters=${q({ status: 'sent' })}&page=1&perPage=20` },
      { url: '/api/search?q=matei' },
      { url: '/api/admin/audit?page=1&perPage=20' },
    ];
  });
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
  });

  it('sends each as named statements, but those planned for their values', async () => {
    const unnamed: string[] = [];
    for (const { url, body } of reads) {
      // Recorded on the connections: what reaches PostgreSQL.
      const [res, sent] = await statementsSent(() =>
        ctx.app.inject({ method: body ? 'POST' : 'GET', url, payload: body, headers: staff.headers }),
      );
      expect(res.statusCode, url).toBe(200);
      const selects = sent.map((s) => s.text).filter((t) => /^\s*(select|with)\b/i.test(t));
      expect(selects.length, url).toBeGreaterThan(0);
      for (const t of selects)
        if (!statementName(t) && !t.includes(CUSTOM_PLAN_MARK)) unnamed.push(`${url}: ${t.slice(0, 120)}`);
    }
    expect(unnamed).toEqual([]);
  });
});
