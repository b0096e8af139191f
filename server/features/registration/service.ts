/**
 * Rules of the public remote-consultation request (DESIGN §6 "Public registration").
 * Capacity and duplicates are enforced by the database (registration_days counter upserted under
 * its row lock, appointments_public_request_uq), never by check-then-insert, so they hold under
 * concurrent requests and across several server nodes.
 */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { RegistrationRequest } from '../../../domain/registration';
import {
  isSelectableRegistrationDate,
  REGISTRATION_MESSAGES,
  REGISTRATION_SLOT,
} from '../../../domain/registration';
import { foldText } from '../../../domain/text';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Config } from '../../config';
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
import { constraintViolation } from '../../platform/db-errors';

export type PublicCalendar = { id: number; capacity: number };

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

/** The calendar taking public requests; its own daily capacity, else the configured default. */
export async function findPublicCalendar(db: Db, config: Config): Promise<PublicCalendar | null> {
  const [row] = await db
    .select({ id: calendars.id, dailyCapacity: calendars.dailyCapacity })
    .from(calendars)
    .where(eq(calendars.publicRequests, true))
    .orderBy(asc(calendars.id))
    .limit(1);
  if (!row) return null;
  return { id: row.id, capacity: row.dailyCapacity ?? config.REGISTRATION_DAILY_CAPACITY };
}

async function isUnavailableDay(db: Db, calendarId: number, day: string): Promise<boolean> {
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

async function countOn(db: Db, calendarId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ count: registrationDays.count })
    .from(registrationDays)
    .where(and(eq(registrationDays.calendarId, calendarId), eq(registrationDays.day, day)));
  return row?.count ?? 0;
}

/** The calendar rules: a weekday, today to 60 months ahead, not an unavailable day (capacity aside). */
export async function isDayOpen(
  db: Db,
  cal: PublicCalendar | null,
  day: string,
  today: string,
): Promise<boolean> {
  if (!cal || !isSelectableRegistrationDate(day, today)) return false;
  return !(await isUnavailableDay(db, cal.id, day));
}

/** Whether a patient may ask for `day` now (`today` in Europe/Bucharest): open and not full. */
export async function isDateAvailable(
  db: Db,
  cal: PublicCalendar | null,
  day: string,
  today: string,
): Promise<boolean> {
  if (!cal || !(await isDayOpen(db, cal, day, today))) return false;
  return (await countOn(db, cal.id, day)) < cal.capacity;
}

/** The day has no room left: answered 409 with the spec's message. */
export class DayFullError extends Error {
  constructor() {
    super(REGISTRATION_MESSAGES.unavailable);
  }
}

export type CreatedRequest = {
  appointment: { id: number; selectedDate: string; selectedTime: string; patientId: number };
  created: boolean;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function existingRequest(db: Db | Tx, cnp: string, day: string) {
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

function hhmm(t: string | null): string {
  return (t ?? REGISTRATION_SLOT).slice(0, 5);
}

/** What staff see of the request: the form as submitted (phones in E.164), without the agreement. */
function requestData(r: RegistrationRequest) {
  return {
    appt_date: r.appt_date,
    appt_time: r.appt_time,
    name: r.name,
    cnp: r.cnp,
    email: r.email ?? null,
    phone: normalizePhone(r.phone),
    gp_name: r.gp_name ?? null,
    gp_email: r.gp_email ?? null,
    gp_phone: r.gp_phone ? normalizePhone(r.gp_phone) : null,
    state_residency: r.state_residency,
    insurance_status: r.insurance_status,
    vaccine: r.vaccine,
  };
}

/** Finds the patient with this CNP or creates one; an existing record is never overwritten. */
async function patientFor(tx: Tx, r: RegistrationRequest): Promise<{ id: number; created: boolean }> {
  const [found] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.cnp, r.cnp));
  if (found) return { id: found.id, created: false };
  const [inserted] = await tx
    .insert(patients)
    .values({
      name: r.name,
      nameSearch: foldText(r.name),
      cnp: r.cnp,
      phone: normalizePhone(r.phone) ?? r.phone,
      email: r.email ?? null,
      gpName: r.gp_name ?? null,
      gpEmail: r.gp_email ?? null,
      gpPhone: r.gp_phone ? (normalizePhone(r.gp_phone) ?? r.gp_phone) : null,
      insuranceStatus: r.insurance_status,
      stateResidency: r.state_residency,
      covidVaccine: r.vaccine,
    })
    // A concurrent request created the same patient: wait for it, then use that row.
    .onConflictDoNothing({ target: patients.cnp })
    .returning({ id: patients.id });
  if (inserted) return { id: inserted.id, created: true };
  const [again] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.cnp, r.cnp));
  return { id: again.id, created: false };
}

export type AfterCreate = (
  tx: Tx,
  a: CreatedRequest['appointment'],
  info: { patientCreated: boolean; consentId: number },
) => Promise<void>;

/**
 * Stores the request, or returns the one this CNP already has for that day. Throws DayFullError
 * when the day has no room; nothing is written then (the transaction rolls back).
 */
export async function createRequest(
  db: Db,
  cal: PublicCalendar,
  r: RegistrationRequest,
  consent: { textVersion: string; ip: string },
  afterCreate: AfterCreate,
): Promise<CreatedRequest> {
  try {
    return await db.transaction(async (tx) => {
      const dup = await existingRequest(tx, r.cnp, r.appt_date);
      if (dup) return { appointment: dup, created: false };
      const patient = await patientFor(tx, r);
      // Takes a place under the row lock of (calendar, day); no row back means the day is full.
      const placed = await tx
        .insert(registrationDays)
        .values({ calendarId: cal.id, day: r.appt_date, count: 1 })
        .onConflictDoUpdate({
          target: [registrationDays.calendarId, registrationDays.day],
          set: { count: sql`${registrationDays.count} + 1` },
          setWhere: sql`${registrationDays.count} < ${cal.capacity}`,
        })
        .returning({ count: registrationDays.count });
      if (placed.length === 0 || placed[0].count > cal.capacity) {
        // The same CNP may have taken the last place a moment ago: that is its request, not a refusal.
        const raced = await existingRequest(tx, r.cnp, r.appt_date);
        if (raced) return { appointment: raced, created: false };
        throw new DayFullError();
      }
      const [row] = await tx
        .insert(appointments)
        .values({
          patientId: patient.id,
          calendarId: cal.id,
          status: 'request',
          selectedDate: r.appt_date,
          selectedTime: REGISTRATION_SLOT,
          holdsSlot: false,
          publicRequest: true,
          requestData: requestData(r),
        })
        .returning({ id: appointments.id });
      const [given] = await tx
        .insert(consents)
        .values({
          patientId: patient.id,
          appointmentId: row.id,
          textVersion: consent.textVersion,
          ip: consent.ip,
        })
        .returning({ id: consents.id });
      const appointment = {
        id: row.id,
        selectedDate: r.appt_date,
        selectedTime: REGISTRATION_SLOT,
        patientId: patient.id,
      };
      await afterCreate(tx, appointment, { patientCreated: patient.created, consentId: given.id });
      return { appointment, created: true };
    });
  } catch (err) {
    // Lost a race on appointments_public_request_uq: the other request is this patient's answer.
    if (constraintViolation(err)?.kind === 'unique') {
      const existing = await existingRequest(db, r.cnp, r.appt_date);
      if (existing) return { appointment: existing, created: false };
    }
    throw err;
  }
}
