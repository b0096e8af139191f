/**
 * The one test-data factory (docs/ARCHITECTURE.md "Tests"): rows written straight to the database
 * with sensible defaults, each overridable, and the payloads the forms send. Every API test file
 * builds its data here; a value a test asserts on is passed explicitly, never relied on as a
 * default. Values are unique within a test file (each file has its own database).
 */
import { addDays, clinicToday, minutesOfDay, nextWeekday, timeOfMinutes } from '../../domain/dates';
import { foldText } from '../../domain/text';
import { makeCnp } from '../../domain/validation/cnp';
import { normalizePhone } from '../../domain/validation/phone';
import type { Db } from '../db/client';
import * as s from '../db/schema';

// ------------------------------------------------------------------ time

/**
 * A clock the test can move: `clock.at` is "now" for the server. Tests that sign staff in keep
 * it in the past or at the real time: session lifetimes are checked against it.
 */
export function movableClock(at: Date) {
  const clock = { at, now: () => clock.at };
  return clock;
}

/** Monday 2 March 2026, 10:00 in Bucharest (08:00 UTC): a past weekday with a fixed "today". */
export const MONDAY_10 = new Date('2026-03-02T08:00:00Z');
/** MONDAY_10's day in Bucharest. */
export const MONDAY_10_DAY = '2026-03-02';

/** Monday 23 November 2026, 00:30 in Bucharest (22:30 UTC on the 22nd): "today" differs from UTC's. */
export const MONDAY_AFTER_MIDNIGHT = new Date('2026-11-22T22:30:00Z');

/** Wednesday 25 November 2026, 10:00 in Bucharest (08:00 UTC). */
export const WEDNESDAY_10 = new Date('2026-11-25T08:00:00Z');

/** The first weekday after today in Bucharest on the real clock: a day the public form accepts. */
export const nextRealWeekday = (from: Date = new Date()) => nextWeekday(clinicToday(from));

/** A day `n` days after today in Bucharest on the real clock. */
export const realDayIn = (n: number) => addDays(clinicToday(new Date()), n);

// ------------------------------------------------------------------ identities

let serial = 0;
const next = () => ++serial;

/**
 * A valid CNP not used before in this test file (county 40, Bucharest). Without `birth` the
 * birth year moves on every 1000 CNPs, so a file may make as many as it needs.
 */
export function nextCnp(birth?: string, sex: 'M' | 'F' = 'M'): string {
  const n = next();
  const day = birth ?? `${1950 + (Math.floor(n / 1000) % 50)}-03-14`;
  return makeCnp(sex === 'M' ? 1 : 2, day, '40', n % 1000);
}

/** A mobile number (0722 0NN NNN) not used before in this test file. */
export const nextPhone = () => `07220${String(next()).padStart(5, '0')}`;

let ipCounter = 0;
/** A client address no other request of the file used, so per-address limits do not interfere. */
export function nextIp(): string {
  ipCounter++;
  // Each in its own /24: the public form counts clients by network (platform/client-network.ts).
  return `10.${(ipCounter >> 8) & 255}.${ipCounter & 255}.${1 + ((ipCounter >> 16) & 127)}`;
}

// ------------------------------------------------------------------ rows

export type PatientRow = typeof s.patients.$inferSelect;

export async function makePatient(
  db: Db,
  p: Partial<Omit<typeof s.patients.$inferInsert, 'nameSearch'>> = {},
): Promise<PatientRow> {
  const n = next();
  const name = p.name ?? `Pacient Test ${n}`;
  const [row] = await db
    .insert(s.patients)
    .values({
      email: `pacient${n}@example.ro`,
      insuranceStatus: 'insured-retired',
      stateResidency: 'RO-CJ',
      covidVaccine: 0,
      ...p,
      cnp: p.cnp ?? nextCnp(),
      // Stored as the server stores it (+40...), whatever form the test wrote it in.
      phone: normalizePhone(p.phone ?? nextPhone()) ?? p.phone!,
      name,
      nameSearch: foldText(name),
    })
    .returning();
  return row;
}

const plus = (time: string, minutes: number) => timeOfMinutes(minutesOfDay(time) + minutes);

/** Weekly entries: every weekday in `weekdays`, starting at each of `starts`, `minutes` long. */
export function weeklyEntries(starts: string[], minutes = 30, weekdays = [1, 2, 3, 4, 5]) {
  return weekdays.flatMap((weekday) => starts.map((from) => ({ weekday, from, to: plus(from, minutes) })));
}

/** A calendar open Monday to Friday 09:00-12:00 in 30-minute entries unless told otherwise. */
export async function makeCalendar(
  db: Db,
  c: Partial<typeof s.calendars.$inferInsert> & {
    entries?: { weekday: number; from: string; to: string }[];
    unavailable?: { from: string; to: string; reason?: string }[];
  } = {},
) {
  const { entries, unavailable, ...values } = c;
  const [cal] = await db
    .insert(s.calendars)
    .values({ title: 'Cabinet cardiologie', ...values })
    .returning();
  const weekly = entries ?? weeklyEntries(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  if (weekly.length)
    await db
      .insert(s.calendarAvailability)
      .values(
        weekly.map((e) => ({ calendarId: cal.id, weekday: e.weekday, fromTime: e.from, toTime: e.to })),
      );
  if (unavailable?.length)
    await db.insert(s.calendarUnavailableDays).values(
      unavailable.map((u) => ({
        calendarId: cal.id,
        fromDate: u.from,
        toDate: u.to,
        reason: u.reason ?? null,
      })),
    );
  return cal;
}

/** A short day, Monday to Friday: 09:00-09:45 and 10:00-10:20 (the feeds' and dashboard's tests). */
const SHORT_DAY_ENTRIES = [...weeklyEntries(['09:00'], 45), ...weeklyEntries(['10:00'], 20)];

/** A calendar `title` open the short day, Monday to Friday: 09:00-09:45 and 10:00-10:20. */
export const makeShortDayCalendar = (
  db: Db,
  title: string,
  c: Omit<Parameters<typeof makeCalendar>[1], 'title' | 'entries'> = {},
) => makeCalendar(db, { title, entries: SHORT_DAY_ENTRIES, ...c });

/** The calendar that takes the public form's requests. */
export const makePublicCalendar = (db: Db, c: Partial<typeof s.calendars.$inferInsert> = {}) =>
  makeCalendar(db, {
    title: 'Consultatii la distanta',
    publicRequests: true,
    remote: true,
    entries: [],
    ...c,
  });

export async function makeStatus(db: Db, st: Partial<typeof s.appointmentStatuses.$inferInsert> = {}) {
  const [row] = await db
    .insert(s.appointmentStatuses)
    .values({ title: `Status ${next()}`, ...st })
    .returning();
  return row;
}

/**
 * An appointment as the database holds it. `slot` gives calendar, date and time and marks it as
 * holding the slot (DESIGN §6); `date` and `time` alone are the chosen day and hour without a
 * slot held (a request); otherwise pass the columns you need.
 */
export async function makeAppointment(
  db: Db,
  a: Partial<typeof s.appointments.$inferInsert> & {
    patientId: number;
    slot?: { calendarId: number; date: string; time: string };
    date?: string | null;
    time?: string | null;
  },
) {
  const { slot, date, time, ...values } = a;
  const [row] = await db
    .insert(s.appointments)
    .values({
      status: 'request',
      ...(slot
        ? { calendarId: slot.calendarId, selectedDate: slot.date, selectedTime: slot.time, holdsSlot: true }
        : {}),
      ...(date !== undefined ? { selectedDate: date } : {}),
      ...(time !== undefined ? { selectedTime: time } : {}),
      ...values,
    })
    .returning();
  return row;
}

/**
 * An appointment given a staff status (`statusId`, e.g. "Control") on a calendar's date and time,
 * holding that slot unless `holdsSlot: false`.
 */
export const makeBooking = (
  db: Db,
  b: { patientId: number; statusId: number; calendarId: number; date: string; time: string } & Partial<
    typeof s.appointments.$inferInsert
  >,
) => {
  const { statusId, ...rest } = b;
  return makeAppointment(db, { status: 'custom', customStatusId: statusId, holdsSlot: true, ...rest });
};

export async function makeTimeOff(db: Db, userId: string, from: string, to: string) {
  const [row] = await db.insert(s.timeOff).values({ userId, fromDate: from, toDate: to }).returning();
  return row;
}

/** A document row of a patient (the file itself is not stored unless the test puts it). */
export async function makeDocument(
  db: Db,
  patientId: number,
  d: Partial<typeof s.documents.$inferInsert> = {},
) {
  const [row] = await db
    .insert(s.documents)
    .values({
      patientId,
      title: 'EKG',
      filename: 'ekg.pdf',
      ext: 'pdf',
      mime: 'application/pdf',
      size: 10,
      storageKey: `documents/test-${next()}`,
      ...d,
    })
    .returning();
  return row;
}

/** A consultation group (a day's consultation) of a patient. */
export async function makeConsultationGroup(
  db: Db,
  patientId: number,
  g: Partial<typeof s.consultationGroups.$inferInsert> = {},
) {
  const [row] = await db
    .insert(s.consultationGroups)
    .values({ guid: crypto.randomUUID(), patientId, title: 'Control', date: realDayIn(0), ...g })
    .returning();
  return row;
}

/** A consent text version; the newest by `createdAt` is the one the public form shows. */
export async function makeConsentText(db: Db, c: Partial<typeof s.consentTexts.$inferInsert> = {}) {
  const [row] = await db
    .insert(s.consentTexts)
    .values({ version: `test-${next()}`, text: 'Text de test al acordului.', createdAt: new Date(), ...c })
    .returning();
  return row;
}

/** The public form's counter of requests for a calendar's day. */
export async function makeRegistrationDay(db: Db, calendarId: number, day: string, count: number) {
  await db.insert(s.registrationDays).values({ calendarId, day, count });
}

/** An audit event; `action` may be any text here (tests use codes the app never writes). */
export async function makeAuditEvent(
  db: Db,
  e: Partial<typeof s.auditEvents.$inferInsert> & { action: string },
) {
  const [row] = await db.insert(s.auditEvents).values(e).returning();
  return row;
}

// ------------------------------------------------------------------ form payloads

/** The add-patient form (SPEC §5), valid; `overrides` may set any field to anything. */
export function patientForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Maria Pop',
    cnp: nextCnp(),
    email: 'maria.pop@example.com',
    phone: '0722 123 456',
    gp_name: 'Dr. Vasile Ene',
    gp_email: 'dr.ene@example.com',
    gp_phone: '0244 111 222',
    insurance_status: 'insured-employed',
    state_residency: 'RO-B',
    vaccine: '1',
    ...overrides,
  };
}

/** The public request form (SPEC §5), valid for `appt_date`; `overrides` may set anything. */
export function registrationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    appt_date: nextRealWeekday(),
    appt_time: '08:00',
    name: 'Ștefan Mureșan',
    cnp: nextCnp(),
    email: 'stefan@example.ro',
    // Each request its own patient's mobile: a number nobody vouched for gets one SMS a day.
    phone: nextPhone(),
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
