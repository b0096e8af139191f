/**
 * Rules of the public remote-consultation request (DESIGN §6 "Public registration").
 * Capacity and duplicates are enforced by the database (registration_days counter upserted under
 * its row lock, appointments_public_request_uq), never by check-then-insert, so they hold under
 * concurrent requests and across several server nodes.
 */
import type { SQL } from 'drizzle-orm';
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

function dayOf(row: repo.PublicDayRow, config: Config): PublicDay {
  const capacity = row.daily_capacity ?? config.REGISTRATION_DAILY_CAPACITY;
  return {
    calendar: { id: row.id, title: row.title, capacity },
    open: !row.closed,
    full: row.taken >= capacity,
    currentConsentVersion: row.current_consent_version,
    consentVersionKnown: row.consent_version_known,
  };
}

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
  return row ? dayOf(row, config) : CLOSED;
}

/** Ids taken for what a request would store. */
export type RequestIds = { appointment: number; consent: number; patient: number | null };

export type RequestContext = PublicDay & {
  /** The patient with the form's CNP and their request on the day; null: a new patient. */
  patient: repo.PatientOfCnp | null;
  /** Null when the day is not open to requests (nothing was looked up). */
  ids: RequestIds | null;
};

/**
 * `publicDay` for a submitted form, in the same one read: also the patient with the form's CNP,
 * their request on the day, and the ids the request would be stored under.
 */
export async function requestContext(
  db: Db,
  config: Config,
  r: Pick<RegistrationRequest, 'appt_date' | 'cnp'>,
  today: string,
  consentVersion: string | null,
): Promise<RequestContext> {
  const closed = { ...CLOSED, patient: null, ids: null };
  if (!isSelectableRegistrationDate(r.appt_date, today)) return closed;
  const row = await repo.requestContextRow(db, r.appt_date, consentVersion, r.cnp);
  if (!row) return closed;
  return {
    ...dayOf(row, config),
    patient:
      row.patient_id === null
        ? null
        : {
            id: row.patient_id,
            name: row.patient_name!,
            email: row.patient_email,
            phone: row.patient_phone,
            request:
              row.request_id === null
                ? null
                : {
                    id: row.request_id,
                    selectedDate: r.appt_date,
                    selectedTime: row.request_time ?? REGISTRATION_SLOT,
                    patientId: row.patient_id,
                  },
          },
    ids: { appointment: row.new_appointment_id, consent: row.new_consent_id, patient: row.new_patient_id },
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

/** The record the form makes for a new patient, under the id taken for it (null: none was taken). */
function newPatient(r: RegistrationRequest, id: number | null): repo.NewPatient | null {
  if (id === null) return null;
  return {
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
  };
}

/**
 * What is written with a new request, in its statement (the journey's link and messages, the
 * audit event), made from what is being stored: `alongside(made)` returns those statements, each
 * written only when `made` holds.
 */
export type Alongside = (
  a: CreatedRequest['appointment'],
  info: { patient: RequestPatient; consentId: number },
) => (made: SQL) => SQL[];

/**
 * Stores the request, or returns the one this CNP already has for that day, from `ctx` (read by
 * `requestContext`). One statement writes everything (repo.storeRequest). Throws DayFullError
 * when the day has no room; nothing is written then.
 */
export async function createRequest(
  db: Db,
  cal: PublicCalendar,
  r: RegistrationRequest,
  ctx: { patient: repo.PatientOfCnp | null; ids: RequestIds },
  consent: { textVersion: string; ip: string },
  alongside: Alongside,
): Promise<CreatedRequest> {
  let found = ctx.patient;
  for (let attempt = 0; ; attempt++) {
    if (found?.request) return { appointment: found.request, created: false };
    // The patient of the CNP as stored, or the record the form makes (never overwriting one).
    const create = found ? null : newPatient(r, ctx.ids.patient);
    const who = found ?? create;
    if (!who) throw new Error('registration: neither a patient nor an id for a new one');
    const patient: RequestPatient = {
      id: who.id,
      name: who.name,
      email: who.email,
      phone: who.phone,
      created: create !== null,
    };
    const appointment = {
      id: ctx.ids.appointment,
      selectedDate: r.appt_date,
      selectedTime: REGISTRATION_SLOT,
      patientId: patient.id,
    };
    let placed: boolean;
    try {
      placed = await repo.storeRequest(db, {
        calendarId: cal.id,
        day: r.appt_date,
        capacity: cal.capacity,
        appointmentId: appointment.id,
        consentId: ctx.ids.consent,
        patient: { id: patient.id, create },
        requestData: requestData(r),
        consentVersion: consent.textVersion,
        ip: consent.ip,
        alongside: alongside(appointment, { patient, consentId: ctx.ids.consent }),
      });
    } catch (err) {
      const violated = constraintViolation(err)?.kind;
      // Lost a race on appointments_public_request_uq: the other request is this patient's answer.
      if (violated === 'unique') {
        const existing = await repo.existingRequest(db, r.cnp, r.appt_date);
        if (existing) return { appointment: existing, created: false };
      }
      // A concurrent request made this CNP's patient first: try once more with that record.
      if (violated === 'foreign-key' && create && attempt === 0) {
        found = await repo.patientAndRequest(db, r.cnp, r.appt_date);
        if (found) continue;
      }
      throw err;
    }
    if (placed) return { appointment, created: true };
    // The same CNP may have taken the last place a moment ago: that is its request, not a refusal.
    const raced = await repo.existingRequest(db, r.cnp, r.appt_date);
    if (raced) return { appointment: raced, created: false };
    throw new DayFullError();
  }
}
