/**
 * Rules of the public remote-consultation request (DESIGN §6 "Public registration").
 * Capacity and duplicates are enforced by the database (registration_days counter upserted under
 * its row lock, appointments_public_request_uq), never by check-then-insert, so they hold under
 * concurrent requests and across several server nodes.
 */
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
import { constraintViolation } from '../../platform/db-errors';
import * as repo from './repository';

export type PublicCalendar = { id: number; capacity: number };

/** The calendar taking public requests; its own daily capacity, else the configured default. */
export async function findPublicCalendar(db: Db, config: Config): Promise<PublicCalendar | null> {
  const row = await repo.publicCalendarRow(db);
  if (!row) return null;
  return { id: row.id, capacity: row.dailyCapacity ?? config.REGISTRATION_DAILY_CAPACITY };
}

/** The calendar rules: a weekday, today to 60 months ahead, not an unavailable day (capacity aside). */
export async function isDayOpen(
  db: Db,
  cal: PublicCalendar | null,
  day: string,
  today: string,
): Promise<boolean> {
  if (!cal || !isSelectableRegistrationDate(day, today)) return false;
  return !(await repo.isUnavailableDay(db, cal.id, day));
}

/** Whether a patient may ask for `day` now (`today` in Europe/Bucharest): open and not full. */
export async function isDateAvailable(
  db: Db,
  cal: PublicCalendar | null,
  day: string,
  today: string,
): Promise<boolean> {
  if (!cal || !(await isDayOpen(db, cal, day, today))) return false;
  return (await repo.countOn(db, cal.id, day)) < cal.capacity;
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
  const found = await repo.patientIdByCnp(tx, r.cnp);
  if (found) return { id: found, created: false };
  const inserted = await repo.insertPatientUnlessCnpTaken(tx, {
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
  });
  if (inserted) return { id: inserted, created: true };
  // A concurrent request created the same patient: the insert waited for it; that row is used.
  return { id: (await repo.patientIdByCnp(tx, r.cnp))!, created: false };
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
      const dup = await repo.existingRequest(tx, r.cnp, r.appt_date);
      if (dup) return { appointment: dup, created: false };
      const patient = await patientFor(tx, r);
      // Takes a place under the row lock of (calendar, day); no row back means the day is full.
      const placed = await repo.takePublicPlace(tx, cal.id, r.appt_date, cal.capacity);
      if (placed === null || placed > cal.capacity) {
        // The same CNP may have taken the last place a moment ago: that is its request, not a refusal.
        const raced = await repo.existingRequest(tx, r.cnp, r.appt_date);
        if (raced) return { appointment: raced, created: false };
        throw new DayFullError();
      }
      const appointmentId = await repo.insertPublicRequest(tx, {
        patientId: patient.id,
        calendarId: cal.id,
        status: 'request',
        selectedDate: r.appt_date,
        selectedTime: REGISTRATION_SLOT,
        holdsSlot: false,
        publicRequest: true,
        requestData: requestData(r),
      });
      const consentId = await repo.insertConsent(tx, {
        patientId: patient.id,
        appointmentId,
        textVersion: consent.textVersion,
        ip: consent.ip,
      });
      const appointment = {
        id: appointmentId,
        selectedDate: r.appt_date,
        selectedTime: REGISTRATION_SLOT,
        patientId: patient.id,
      };
      await afterCreate(tx, appointment, { patientCreated: patient.created, consentId });
      return { appointment, created: true };
    });
  } catch (err) {
    // Lost a race on appointments_public_request_uq: the other request is this patient's answer.
    if (constraintViolation(err)?.kind === 'unique') {
      const existing = await repo.existingRequest(db, r.cnp, r.appt_date);
      if (existing) return { appointment: existing, created: false };
    }
    throw err;
  }
}
