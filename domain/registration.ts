/**
 * The public remote-consultation request (SPEC §2, §3 "Registration request", §5, DESIGN §6):
 * one schema for the browser form and the server route, the date rules, and the messages.
 */
import { z } from 'zod';
import { MAX_MONTHS_AHEAD, REGISTRATION_TIME } from './appointments';
import {
  cnpField,
  insuranceField,
  nameField,
  optionalEmail,
  optionalPhone,
  optionalText,
  PATIENT_MESSAGES,
  phoneField,
  stateField,
  vaccineField,
} from './patients';

export const REGISTRATION_MESSAGES = {
  date: 'Va rugam selectati data programarii.',
  time: 'Va rugam selectati ora programarii.',
  agreement: 'Trebuie sa fiti de acord.',
  unavailable: 'Data selectata nu este disponibila!',
  registered: 'Cererea dumneavoastră a fost înregistrată.',
} as const;

/**
 * Version id of the consent text shown on the form. Change it whenever the text changes: the
 * consents table records which text each patient agreed to.
 */
export const CONSENT_TEXT_VERSION = 'gdpr-2026-11';

/** The hidden field bots fill in and people never see (docs/decisions/registration-abuse.md). */
export const HONEYPOT_FIELD = 'website';

/** The only time a public request can ask for (SPEC §4 "Registration"). */
export const REGISTRATION_SLOT = REGISTRATION_TIME;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** 0 = Sunday ... 6 = Saturday of a YYYY-MM-DD date, independent of the process time zone. */
export function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isWeekend(isoDate: string): boolean {
  const w = weekdayOf(isoDate);
  return w === 0 || w === 6;
}

/** Adds whole months to YYYY-MM-DD; the day is clamped to the month's end (31 Jan + 1 = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total % 12;
  const lastDay = new Date(Date.UTC(ny, nm + 1, 0)).getUTCDate();
  const nd = Math.min(d, lastDay);
  return `${String(ny).padStart(4, '0')}-${String(nm + 1).padStart(2, '0')}-${String(nd).padStart(2, '0')}`;
}

/** Today as YYYY-MM-DD in Europe/Bucharest, whatever the time zone of the machine. */
export function bucharestToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Bucharest',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The last day a request may ask for: today + 60 months (SPEC §9). */
export function lastRegistrationDate(today: string): string {
  return addMonths(today, MAX_MONTHS_AHEAD);
}

/**
 * The calendar part of the rule (DESIGN §6): a weekday, today or later, within 60 months.
 * Unavailable days and the daily capacity are the server's part.
 */
export function isSelectableRegistrationDate(isoDate: string, today: string): boolean {
  return (
    isIsoDate(isoDate) && !isWeekend(isoDate) && isoDate >= today && isoDate <= lastRegistrationDate(today)
  );
}

const dateField = z
  .string({ error: REGISTRATION_MESSAGES.date })
  .trim()
  .refine(isIsoDate, REGISTRATION_MESSAGES.date);

/** The registration request of SPEC §3, as the form sends it. */
export const registrationSchema = z.object({
  appt_date: dateField,
  appt_time: z.literal(REGISTRATION_SLOT, { error: REGISTRATION_MESSAGES.time }),
  name: nameField,
  cnp: cnpField,
  email: optionalEmail(PATIENT_MESSAGES.email),
  phone: phoneField,
  gp_name: optionalText(150),
  gp_email: optionalEmail(PATIENT_MESSAGES.gpEmail),
  gp_phone: optionalPhone(PATIENT_MESSAGES.gpPhone),
  state_residency: stateField,
  insurance_status: insuranceField,
  vaccine: vaccineField,
  agreement: z.literal(true, { error: REGISTRATION_MESSAGES.agreement }),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type RegistrationRequest = z.output<typeof registrationSchema>;

/** GET /appointment/check-register-date?filters={"selected_date":"YYYY-MM-DD"} */
export const checkDateFilters = z.strictObject({ selected_date: dateField });

export type CheckDateAnswer = { status: 1 } | { status: 0; message: string };

export type RegistrationAnswer = {
  status: 1;
  message: string;
  appointment: { id: number; selected_date: string; selected_time: string };
};
