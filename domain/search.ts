import { ok } from './api';
import { appointmentSummary } from './appointment-replies';
import { requiredText } from './fields';
import { z } from './zod-setup';

export const SEARCH_LIMIT = 20;
/**
 * The appointments each found patient's card shows (newest first); the rest are counted
 * (`appointments_total`) and listed on the patient's page.
 */
export const SEARCH_APPOINTMENTS_SHOWN = 5;
/** The longest search text (the top-bar search, the search page). */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MESSAGES = {
  empty: 'Nu am găsit niciun pacient pentru această căutare.',
  tooShort: 'Introduceți cel puțin 2 caractere.',
  tooLong: `Textul căutat poate avea cel mult ${SEARCH_MAX_LENGTH} de caractere.`,
  placeholder: 'Căutare pacienți (Ctrl+K)',
} as const;

export const searchQuerySchema = z.object({
  q: requiredText(SEARCH_MESSAGES.tooShort, {
    min: 2,
    max: SEARCH_MAX_LENGTH,
    tooLong: SEARCH_MESSAGES.tooLong,
  }),
});

export const searchAppointment = appointmentSummary.extend({
  id: z.number().int(),
  status_title: z.string().nullable(),
});

export const searchPatient = z.object({
  id: z.number().int(),
  name: z.string(),
  cnp: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** 0 exact CNP, phone or e-mail; 1 name prefix; 2 CNP prefix or name contains; 3 other. */
  rank: z.number().int(),
  /** The newest `SEARCH_APPOINTMENTS_SHOWN`, in the patient page's order. */
  appointments: z.array(searchAppointment),
  /** All of the patient's appointments, those not sent included. */
  appointments_total: z.number().int(),
});
export type SearchPatient = z.infer<typeof searchPatient>;

export const searchReply = ok({ patients: z.array(searchPatient) });
export type SearchReply = z.infer<typeof searchReply>;
