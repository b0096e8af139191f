/**
 * Rules of the public remote-consultation request (DESIGN §6 "Public registration"): the day
 * must be open and have room, the same CNP asking twice for a day gets its request back, and a
 * new request stores, in one statement, its place in the day, the patient (made when new, never
 * overwritten), the request, the consent, its link, the patient's messages and the audit event,
 * each made by its owner as data (docs/decisions/0091-public-request-one-statement.md). Capacity
 * and duplicates are enforced by the database (the day's counter upserted under its row lock,
 * appointments_public_request_uq), so they hold under concurrent requests and across nodes.
 */

import { renderConsentText } from '../../../domain/privacy';
import type { RegistrationRequest } from '../../../domain/registration';
import {
  CONSENT_TEXT,
  CONSENT_TEXT_VERSION,
  isSelectableRegistrationDate,
  REGISTRATION_MESSAGES,
  REGISTRATION_SLOT,
} from '../../../domain/registration';
import { foldText } from '../../../domain/text';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { auditRow } from '../../platform/audit';
import { constraintViolation } from '../../platform/db-errors';
import type { Deps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { formSmsAllowed, journeyFor } from '../journey';
import { linkSecrets, newLink } from '../self-service';
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

/** The record the form makes for a new patient, under the id taken for it. */
const newPatient = (r: RegistrationRequest, id: number): repo.NewPatientRecord => ({
  id,
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

const unavailable = (code: 400 | 409) =>
  new HttpError(code, REGISTRATION_MESSAGES.unavailable, { appt_date: REGISTRATION_MESSAGES.unavailable });

export function createRegistrationService(deps: Deps) {
  const { db, config } = deps;
  const journey = journeyFor(deps);
  const links = linkSecrets(config);

  /**
   * One try at storing the request from what `ctx` read: the request this CNP already has on the
   * day, the new one, or null when the write lost a race (the day's last place, the patient's
   * request or the new patient's CNP stored a moment ago by another form), to read again.
   */
  async function attempt(
    actor: Actor,
    r: RegistrationRequest,
    ctx: repo.RequestContextRow,
    consentVersion: string,
  ): Promise<{ appointment: StoredRequest; created: boolean } | 'full' | 'raced'> {
    const day = r.appt_date;
    if (ctx.request_id !== null && ctx.patient_id !== null) {
      const selectedTime = (ctx.request_time ?? REGISTRATION_SLOT).slice(0, 5);
      return {
        appointment: { id: ctx.request_id, selectedDate: day, selectedTime, patientId: ctx.patient_id },
        created: false,
      };
    }
    const create = ctx.patient_id === null ? newPatient(r, ctx.new_patient_id!) : null;
    const patientId = create?.id ?? ctx.patient_id!;
    const contact = create ?? { name: ctx.patient_name!, email: ctx.patient_email, phone: ctx.patient_phone };
    const id = ctx.new_appointment_id;
    const smsInLastDay = create ? ctx.sms_to_form : ctx.sms_to_patient;
    const link = newLink(links, id);
    try {
      const placed = await repo.storeRequest(db, {
        calendarId: ctx.id,
        day,
        time: REGISTRATION_SLOT,
        capacity: ctx.daily_capacity ?? config.REGISTRATION_DAILY_CAPACITY,
        appointmentId: id,
        consentId: ctx.new_consent_id,
        patient: { id: patientId, create },
        requestData: requestData(r),
        // What the patient read: the agreed version's text with the institute's name filled in.
        consent: {
          textVersion: consentVersion,
          shownText: renderConsentText(ctx.agreed_text ?? CONSENT_TEXT, config.INSTITUTE_NAME),
          ip: actor.ip,
        },
        link: { nonce: link.nonce, tokenHash: link.tokenHash },
        messages: journey.requestReceivedRows({
          appointmentId: id,
          contact,
          smsAllowed: formSmsAllowed({ vouched: ctx.vouched, smsInLastDay }),
          date: day,
          time: REGISTRATION_SLOT,
          calendar: ctx.title,
        }),
        audit: auditRow(actor, {
          action: 'registration.create',
          entityType: 'appointment',
          entityId: id,
          patientId,
          details: {
            patientCreated: create !== null,
            calendarId: ctx.id,
            day,
            consentId: ctx.new_consent_id,
            consentVersion,
          },
        }),
      });
      if (placed)
        return {
          appointment: { id, selectedDate: day, selectedTime: REGISTRATION_SLOT, patientId },
          created: true,
        };
      return 'full';
    } catch (err) {
      const violated = constraintViolation(err)?.kind;
      if (violated === 'unique' || (violated === 'foreign-key' && create)) return 'raced';
      throw err;
    }
  }

  return {
    /**
     * Stores the request on the open public calendar, or returns the one this CNP already has
     * for that day: one read, then one write (repository.ts). 400 when the day is not open, 409
     * when it has no room or the consent text the page showed is not a stored version; nothing is
     * written then.
     */
    async submit(
      actor: Actor,
      input: { form: RegistrationRequest; today: string },
    ): Promise<{ appointment: StoredRequest; created: boolean }> {
      const { form: r } = input;
      if (!isSelectableRegistrationDate(r.appt_date, input.today)) throw unavailable(400);
      // The version the page showed (recorded exactly, even if a newer one appeared meanwhile);
      // without one, the current version (consent_texts), or the built-in text's if none is stored.
      const sent = r.consent_version && r.consent_version !== CONSENT_TEXT_VERSION ? r.consent_version : null;
      let full = false;
      for (let tries = 0; tries < 3; tries++) {
        const ctx = await repo.requestContextRow(db, {
          day: r.appt_date,
          consentVersion: sent,
          agreedVersion: r.consent_version || null,
          cnp: r.cnp,
          formPhone: normalizePhone(r.phone) ?? r.phone,
        });
        if (!ctx || ctx.closed) throw unavailable(400);
        if (sent && !ctx.consent_version_known) {
          const m = REGISTRATION_MESSAGES.consentChanged;
          throw new HttpError(409, m, { agreement: m });
        }
        // The same CNP may have taken the day's last place a moment ago: that is its request.
        if (full && ctx.request_id === null) throw unavailable(409);
        const consentVersion = r.consent_version || (ctx.current_consent_version ?? CONSENT_TEXT_VERSION);
        const outcome = await attempt(actor, r, ctx, consentVersion);
        if (typeof outcome === 'object') return outcome;
        full = outcome === 'full';
      }
      throw unavailable(409);
    },
  };
}
