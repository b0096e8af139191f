/** Shared by the registration API tests: a public calendar, valid forms, distinct client IPs. */
import { and, count, eq } from 'drizzle-orm';
import { makeCnp } from '../../../domain/validation/cnp';
import type { Db } from '../../db/client';
import { appointments, calendars, consents, outbox, patients, registrationDays } from '../../db/schema';
import type { TestContext } from '../../test/harness';

/** Wednesday 25 November 2026, 10:00 in Bucharest (08:00 UTC). */
export const NOW = new Date('2026-11-25T08:00:00Z');
export const fixedClock = (at: Date = NOW) => ({ now: () => at });

export async function addCalendars(db: Db): Promise<number> {
  await db.insert(calendars).values({ title: 'Cabinet cardiologie', publicRequests: false });
  const [cal] = await db
    .insert(calendars)
    .values({ title: 'Consultatii la distanta', publicRequests: true })
    .returning({ id: calendars.id });
  return cal.id;
}

let serial = 0;
/** A valid CNP not used before in this test file. */
export function nextCnp(): string {
  serial++;
  const year = 1950 + Math.floor(serial / 900);
  return makeCnp(serial % 2 ? 1 : 2, `${year}-05-17`, '40', serial % 900);
}

let ipCounter = 0;
/** A client address no other request of the file used, so per-IP limits do not interfere. */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A complete, valid form; `overrides` may set any field to anything, including invalid values. */
export function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    appt_date: '2026-11-26',
    appt_time: '08:00',
    name: 'Ștefan Mureșan',
    cnp: nextCnp(),
    email: 'stefan@example.ro',
    phone: '0722 123 456',
    gp_name: 'Dr. Elena Pop',
    gp_email: 'dr.pop@example.ro',
    gp_phone: '0264-123-456',
    state_residency: 'RO-CJ',
    insurance_status: 'insured-employed',
    vaccine: 1,
    agreement: true,
    ...overrides,
  };
}

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
