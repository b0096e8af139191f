/**
 * The public request's queries (SQL only in repositories, docs/ARCHITECTURE.md); the rules that
 * use them are in service.ts.
 */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { REGISTRATION_SLOT } from '../../../domain/registration';
import type { Db } from '../../db/client';
import {
  appointments,
  calendars,
  calendarUnavailableDays,
  consents,
  consentTexts,
  patients,
  registrationDays,
} from '../../db/schema';

/** The consent text the form shows now: the newest version (a changed text is a new version). */
export async function currentConsentText(db: Db): Promise<{ version: string; text: string } | null> {
  const [row] = await db
    .select({ version: consentTexts.version, text: consentTexts.text })
    .from(consentTexts)
    .orderBy(desc(consentTexts.createdAt), desc(consentTexts.version))
    .limit(1);
  return row ?? null;
}

export async function consentVersionExists(db: Db, version: string): Promise<boolean> {
  const rows = await db
    .select({ version: consentTexts.version })
    .from(consentTexts)
    .where(eq(consentTexts.version, version))
    .limit(1);
  return rows.length > 0;
}

/** The first calendar taking public requests, with its own daily capacity (null: the default). */
export async function publicCalendarRow(db: Db) {
  const [row] = await db
    .select({ id: calendars.id, dailyCapacity: calendars.dailyCapacity })
    .from(calendars)
    .where(eq(calendars.publicRequests, true))
    .orderBy(asc(calendars.id))
    .limit(1);
  return row ?? null;
}

export async function isUnavailableDay(db: Db, calendarId: number, day: string): Promise<boolean> {
  const rows = await db
    .select({ id: calendarUnavailableDays.id })
    .from(calendarUnavailableDays)
    .where(
      and(
        eq(calendarUnavailableDays.calendarId, calendarId),
        lte(calendarUnavailableDays.fromDate, day),
        gte(calendarUnavailableDays.toDate, day),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function countOn(db: Db, calendarId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ count: registrationDays.count })
    .from(registrationDays)
    .where(and(eq(registrationDays.calendarId, calendarId), eq(registrationDays.day, day)));
  return row?.count ?? 0;
}

function hhmm(t: string | null): string {
  return (t ?? REGISTRATION_SLOT).slice(0, 5);
}

export async function existingRequest(db: Db, cnp: string, day: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      selectedDate: appointments.selectedDate,
      selectedTime: appointments.selectedTime,
      patientId: appointments.patientId,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(eq(patients.cnp, cnp), eq(appointments.selectedDate, day), eq(appointments.publicRequest, true)),
    )
    .limit(1);
  return row ? { ...row, selectedDate: row.selectedDate ?? day, selectedTime: hhmm(row.selectedTime) } : null;
}

export async function patientIdByCnp(db: Db, cnp: string): Promise<number | null> {
  const [found] = await db.select({ id: patients.id }).from(patients).where(eq(patients.cnp, cnp));
  return found?.id ?? null;
}

/**
 * Inserts the patient; null when a patient with this CNP exists (a concurrent request's insert is
 * waited for, then this one does nothing).
 */
export async function insertPatientUnlessCnpTaken(
  db: Db,
  values: typeof patients.$inferInsert,
): Promise<number | null> {
  const [inserted] = await db
    .insert(patients)
    .values(values)
    .onConflictDoNothing({ target: patients.cnp })
    .returning({ id: patients.id });
  return inserted?.id ?? null;
}

/**
 * Takes a place on the day under the row lock of (calendar, day): the new count, or null when the
 * day already has `capacity` requests.
 */
export async function takePublicPlace(
  db: Db,
  calendarId: number,
  day: string,
  capacity: number,
): Promise<number | null> {
  const placed = await db
    .insert(registrationDays)
    .values({ calendarId, day, count: 1 })
    .onConflictDoUpdate({
      target: [registrationDays.calendarId, registrationDays.day],
      set: { count: sql`${registrationDays.count} + 1` },
      setWhere: sql`${registrationDays.count} < ${capacity}`,
    })
    .returning({ count: registrationDays.count });
  return placed[0]?.count ?? null;
}

export async function insertPublicRequest(db: Db, values: typeof appointments.$inferInsert): Promise<number> {
  const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id });
  return row.id;
}

export async function insertConsent(db: Db, values: typeof consents.$inferInsert): Promise<number> {
  const [row] = await db.insert(consents).values(values).returning({ id: consents.id });
  return row.id;
}
