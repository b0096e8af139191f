import { z } from 'zod';

export const SEARCH_LIMIT = 20;
/** The longest search text (the top-bar search, the search page). */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MESSAGES = {
  empty: 'Nu am găsit niciun pacient pentru această căutare.',
  tooShort: 'Introduceți cel puțin 2 caractere.',
  tooLong: `Textul căutat poate avea cel mult ${SEARCH_MAX_LENGTH} de caractere.`,
  placeholder: 'Căutare pacienți (Ctrl+K)',
} as const;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.tooShort })
    .trim()
    .min(2, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
});

export type SearchAppointment = {
  id: number;
  date: string | null;
  time: string | null;
  status: string;
  status_title: string | null;
  doctor: string | null;
  calendar: string | null;
};

export type SearchPatient = {
  id: number;
  name: string;
  cnp: string;
  phone: string;
  email: string | null;
  /** 0 exact CNP, phone or e-mail; 1 name prefix; 2 CNP prefix or name contains; 3 other. */
  rank: number;
  appointments: SearchAppointment[];
};
