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

export type PublicCalendar = { id: number; title: string; capacity: number };

export type PublicDay = {
  /** The calendar taking public requests (null: none, so no day is open). */
  calendar: PublicCalendar | null;
  /** A weekday, today to 60 months ahead, not an unavailable day (capacity aside). */
  open: boolean;
  /** The day already has the calendar's daily capacity of requests. */
  full: boolean;
  /** The consent text version the form shows now (null: none stored, the built-in text's). */
  currentConsentVersion: string | null;
  /** Whether the version a form sent is a stored one. */
  consentVersionKnown: boolean;
};

const CLOSED: PublicDay = {
  calendar: null,
  open: false,
  full: false,
  currentConsentVersion: null,
  consentVersionKnown: false,
};

/**
 * What the public form needs to know about `day` (`today` in Europe/Bucharest), in one read: the
 * public calendar with its own daily capacity (else the configured default), whether the day is
 * open and full, and the consent versions. A day the calendar rules refuse is not looked up.
 */
export async function publicDay(
  db: Db,
  config: Config,
  day: string,
  today: string,
  consentVersion: string | null = null,
): Promise<PublicDay> {
  if (!isSelectableRegistrationDate(day, today)) return CLOSED;
  const row = await repo.publicDayRow(db, day, consentVersion);
  if (!row) return CLOSED;
  const capacity = row.daily_capacity ?? config.REGISTRATION_DAILY_CAPACITY;
  return {
    calendar: { id: row.id, title: row.title, capacity },
    open: !row.closed,
    full: row.taken >= capacity,
    currentConsentVersion: row.current_consent_version,
    consentVersionKnown: row.consent_version_known,
  };
}

/** The day has no room left: answered 409 with the spec's message. */
export class DayFullError extends Error {
  constructor() {
    super(REGISTRATION_MESSAGES.unavailable);
  }
}

export type CreatedRequest = {
  appointment: repo.ExistingRequest;
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

/** The patient's record as the messages use it: an existing record is never overwritten by the form. */
export type RequestPatient = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  created: boolean;
};

/** Creates the patient of the form; null when a concurrent request created one with this CNP first. */
async function insertPatient(tx: Tx, r: RegistrationRequest): Promise<RequestPatient | null> {
  const values = {
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
  };
  const id = await repo.insertPatientUnlessCnpTaken(tx, values);
  return id === null
    ? null
    : { id, name: values.name, email: values.email, phone: values.phone, created: true };
}

export type AfterCreate = (
  tx: Tx,
  a: CreatedRequest['appointment'],
  info: { patient: RequestPatient; consentId: number },
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
      const found = await repo.patientAndRequest(tx, r.cnp, r.appt_date);
      if (found?.request) return { appointment: found.request, created: false };
      // A concurrent request may create the same patient: the insert waits for it, then its row is used.
      const patient = found
        ? withoutRequest(found)
        : ((await insertPatient(tx, r)) ??
          withoutRequest(await repo.patientAndRequest(tx, r.cnp, r.appt_date)));
      if (!patient) throw new Error('registration: the patient of this CNP vanished');
      // Takes a place under the row lock of (calendar, day); null means the day is full.
      const placed = await repo.placeRequest(tx, {
        calendarId: cal.id,
        day: r.appt_date,
        capacity: cal.capacity,
        patientId: patient.id,
        requestData: requestData(r),
        consentVersion: consent.textVersion,
        ip: consent.ip,
      });
      if (!placed) {
        // The same CNP may have taken the last place a moment ago: that is its request, not a refusal.
        const raced = await repo.existingRequest(tx, r.cnp, r.appt_date);
        if (raced) return { appointment: raced, created: false };
        throw new DayFullError();
      }
      const appointment = {
        id: placed.appointmentId,
        selectedDate: r.appt_date,
        selectedTime: REGISTRATION_SLOT,
        patientId: patient.id,
      };
      await afterCreate(tx, appointment, { patient, consentId: placed.consentId });
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

function withoutRequest(found: repo.PatientOfCnp | null): RequestPatient | null {
  return found && { id: found.id, name: found.name, email: found.email, phone: found.phone, created: false };
}
