/**
 * Shared by the registration API tests: the requests they send and the rows they count. Their data
 * comes from server/test/factories.ts.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments, calendars, consents, outbox, patients, registrationDays } from '../../../db/schema';
import {
  makeCalendar,
  makePublicCalendar,
  nextIp,
  registrationForm,
  WEDNESDAY_10,
} from '../../../test/factories';
import { setupClinic, type TestContext } from '../../../test/harness';

/** Wednesday 25 November 2026, 10:00 in Bucharest (08:00 UTC). */
export const NOW = WEDNESDAY_10;

/** A staff-only calendar and the public one (its id returned), neither with weekly entries. */
export async function addCalendars(db: Db): Promise<number> {
  await makeCalendar(db, { title: 'Cabinet cardiologie', publicRequests: false, entries: [] });
  return (await makePublicCalendar(db)).id;
}

/** The registration tests' app on a movable clock at NOW, with the staff-only and the public calendar. */
export async function setupRegistration(env?: Record<string, string>) {
  const { ctx, db, clock } = await setupClinic({ at: NOW, env });
  const calendarId = await addCalendars(db);
  return { ctx, db, clock, calendarId };
}

/** A complete, valid form for the day after NOW; `overrides` may set any field to anything. */
export const form = (overrides: Record<string, unknown> = {}) =>
  registrationForm({ appt_date: '2026-11-26', ...overrides });

export function submit(ctx: TestContext, payload: unknown, ip: string = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointment',
    payload: payload as object,
    remoteAddress: ip,
  });
}

export function checkDate(ctx: TestContext, filters: string | undefined, ip: string = nextIp()) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/appointment/check-register-date',
    query: filters === undefined ? {} : { filters },
    remoteAddress: ip,
  });
}

export const dateFilter = (d: string) => JSON.stringify({ selected_date: d });

/** Row counts of everything a request may create. */
export async function counts(db: Db) {
  const n = async (t: typeof patients | typeof appointments | typeof consents | typeof outbox) =>
    (await db.select({ n: count() }).from(t))[0].n;
  const days = await db.select().from(registrationDays);
  return {
    patients: await n(patients),
    appointments: await n(appointments),
    consents: await n(consents),
    outbox: await n(outbox),
    registrationDays: days.reduce((s, d) => s + d.count, 0),
  };
}

export async function setPublicCapacity(db: Db, calendarId: number, capacity: number | null) {
  await db.update(calendars).set({ dailyCapacity: capacity }).where(eq(calendars.id, calendarId));
}

/**
 * The id of the public request a form made: anonymous callers are never told it
 * (docs/decisions/0028-security-findings.md), so the tests read it from the database.
 */
export async function requestIdOf(db: Db, body: Record<string, unknown>): Promise<number> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        eq(patients.cnp, String(body.cnp)),
        eq(appointments.selectedDate, String(body.appt_date)),
        eq(appointments.publicRequest, true),
      ),
    );
  if (!row) throw new Error('no public request for this form');
  return row.id;
}
