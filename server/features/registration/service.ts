/**
 * Rules of the public remote-consultation request (DESIGN §6 "Public registration"): the day
 * must be open and have room, the same CNP asking twice for a day gets its request back, and a
 * new request stores, in one transaction, its place in the day, the patient (made when new, never
 * overwritten), the request, the consent, the patient's messages and the audit event, each
 * through its owner. Capacity and duplicates are enforced by the database (the day's counter
 * upserted under its row lock, appointments_public_request_uq), so they hold under concurrent
 * requests and across several server nodes.
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
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { constraintViolation } from '../../platform/db-errors';
import type { Deps } from '../../platform/deps';
import { createPublicRequest, publicRequestOn, reservePublicDay } from '../appointments';
import { journeyFor } from '../journey';
import { patientIdByCnp, patientOfCnpOrNew } from '../patients';
import { recordConsent } from '../privacy';
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

export type StoredRequest = { id: number; selectedDate: string; selectedTime: string; patientId: number };

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

/** The record the form makes for a new patient. */
const newPatient = (r: RegistrationRequest) => ({
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

/** The public request this CNP's patient already has on the day, if any. */
async function existingRequest(db: Db, cnp: string, day: string): Promise<StoredRequest | null> {
  const patientId = await patientIdByCnp(db, cnp);
  return patientId === null ? null : publicRequestOn(db, patientId, day);
}

export function createRegistrationService(deps: Deps) {
  const { db } = deps;
  const journey = journeyFor(deps);
  return {
    /**
     * Stores the request on the open public calendar `cal`, or returns the one this CNP already
     * has for that day. Throws DayFullError when the day has no room; nothing is written then.
     */
    async submit(
      actor: Actor,
      input: { form: RegistrationRequest; calendar: PublicCalendar; consentVersion: string },
    ): Promise<{ appointment: StoredRequest; created: boolean }> {
      const { form: r, calendar: cal, consentVersion } = input;
      const day = r.appt_date;
      const known = await existingRequest(db, r.cnp, day);
      if (known) return { appointment: known, created: false };
      try {
        return await db.transaction(async (tx) => {
          if (!(await reservePublicDay(tx, { calendarId: cal.id, day, capacity: cal.capacity })))
            throw new DayFullError();
          const patient = await patientOfCnpOrNew(tx, newPatient(r));
          const id = await createPublicRequest(tx, {
            patientId: patient.id,
            calendarId: cal.id,
            day,
            requestData: requestData(r),
          });
          const consentId = await recordConsent(tx, {
            patientId: patient.id,
            appointmentId: id,
            textVersion: consentVersion,
            ip: actor.ip,
          });
          await journey.requestReceived(tx, { appointmentId: id, patientId: patient.id });
          await audit(tx, actor, {
            action: 'registration.create',
            entityType: 'appointment',
            entityId: id,
            patientId: patient.id,
            details: { patientCreated: patient.created, calendarId: cal.id, day, consentId, consentVersion },
          });
          return {
            appointment: { id, selectedDate: day, selectedTime: REGISTRATION_SLOT, patientId: patient.id },
            created: true,
          };
        });
      } catch (err) {
        // The same CNP's request for the day stored meanwhile (appointments_public_request_uq), or
        // the last place of the day taken by it a moment ago: that is its answer, not a refusal.
        if (err instanceof DayFullError || constraintViolation(err)?.kind === 'unique') {
          const raced = await existingRequest(db, r.cnp, day);
          if (raced) return { appointment: raced, created: false };
        }
        throw err;
      }
    },
  };
}
