import { z } from 'zod';
import { DATE_RE, isRealDate } from './dates';

/** Time-off texts: the failure toasts are SPEC §8 verbatim, the rest our Romanian wording. */
export const MY_ACCOUNT_MESSAGES = {
  loadFailed: 'Could not load data',
  writeFailed: 'Could not create data',
  failureText: 'System could not communicate properly with the endpoints',
  empty: 'Nu aveti concediu inregistrat',
  order: 'Data de sfarsit nu poate fi inaintea datei de inceput.',
  overlap: 'Perioada se suprapune cu alt concediu inregistrat.',
  notFound: 'Perioada de concediu nu a fost gasita.',
  required: 'Va rugam selectati perioada.',
  created: 'Concediul a fost adaugat',
  updated: 'Concediul a fost actualizat',
  deleted: 'Concediul a fost sters',
  affected: 'Aveti programari in aceasta perioada; mutati-le la alt medic sau in alta zi.',
  feedCreated: 'Adresa calendarului a fost generata. Copiati-o acum: nu va mai fi afisata.',
  feedRevoked: 'Adresa calendarului a fost revocata.',
  passwordChanged: 'Parola a fost schimbata. Celelalte sesiuni au fost inchise.',
  twoFactorOn: 'Autentificarea in doi pasi este activa.',
  twoFactorOff: 'Autentificarea in doi pasi a fost dezactivata.',
} as const;

const day = z
  .string({ error: MY_ACCOUNT_MESSAGES.required })
  .regex(DATE_RE, 'Data trebuie sa fie in formatul YYYY-MM-DD.')
  .refine(isRealDate, 'Data nu este valida.');

/** POST /my-account and PATCH /my-account/{id}: an inclusive range of days, from <= to. */
export const timeOffSchema = z
  .object({ id: z.coerce.number().int().positive().optional(), from: day, to: day })
  .refine((v) => v.from <= v.to, { path: ['to'], message: MY_ACCOUNT_MESSAGES.order });
export type TimeOffInput = z.infer<typeof timeOffSchema>;

export type TimeOffPeriod = { id: number; from: string; to: string };
export type AffectedAppointment = {
  id: number;
  patient: string;
  date: string;
  time: string;
  calendar: string | null;
};
export type TimeOffWriteAnswer = {
  status: 1;
  message: string;
  data: TimeOffPeriod;
  affectedAppointments: AffectedAppointment[];
};

export type CalendarFeedState = { status: 1; active: boolean; createdAt: string | null };
export type CalendarFeedCreated = { status: 1; message: string; url: string; path: string };
