import { listReply, ok } from './api';
import { nextAppointment, vacation } from './appointment-replies';
import { DATE_RE, isRealDate } from './dates';
import { z } from './zod-setup';

/** Time-off texts: the failure toasts are SPEC §8 verbatim, the rest our Romanian wording. */
export const MY_ACCOUNT_MESSAGES = {
  loadFailed: 'Could not load data',
  writeFailed: 'Could not create data',
  /** Our words beside the spec's: an update and a delete say so (SPEC §8 names only 'create'). */
  updateFailed: 'Could not update data',
  deleteFailed: 'Could not delete data',
  /** A refusal (an overlap, a period gone meanwhile) is not a communication failure: its title. */
  refusedTitle: 'Perioada nu a fost salvată',
  failureText: 'System could not communicate properly with the endpoints',
  empty: 'Nu aveți concediu înregistrat',
  order: 'Data de sfârșit nu poate fi înaintea datei de început.',
  overlap: 'Perioada se suprapune cu alt concediu înregistrat.',
  notFound: 'Perioada de concediu nu a fost găsită.',
  required: 'Vă rugăm selectați perioada.',
  created: 'Concediul a fost adăugat',
  updated: 'Concediul a fost actualizat',
  deleted: 'Concediul a fost șters',
  affected: 'Aveți programări în această perioadă; mutați-le la alt medic sau în altă zi.',
  feedCreated: 'Adresa calendarului a fost generată. Copiați-o acum: nu va mai fi afișată.',
  feedRevoked: 'Adresa calendarului a fost revocată.',
  passwordChanged: 'Parola a fost schimbată. Celelalte sesiuni au fost închise.',
  twoFactorOn: 'Autentificarea în doi pași este activă.',
  twoFactorOff: 'Autentificarea în doi pași a fost dezactivată.',
} as const;

const day = z
  .string({ error: MY_ACCOUNT_MESSAGES.required })
  .min(1, { error: MY_ACCOUNT_MESSAGES.required, abort: true })
  .regex(DATE_RE, 'Data trebuie sa fie in formatul YYYY-MM-DD.')
  .refine(isRealDate, 'Data nu este validă.');

/** POST /my-account and PATCH /my-account/{id}: an inclusive range of days, from <= to. */
export const timeOffSchema = z
  .strictObject({ id: z.coerce.number().int().positive().optional(), from: day, to: day })
  .refine((v) => v.from <= v.to, { path: ['to'], message: MY_ACCOUNT_MESSAGES.order });
export type TimeOffInput = z.infer<typeof timeOffSchema>;

// ------------------------------------------------------------------ replies (docs/ARCHITECTURE.md)

/** A time-off period (the doctor pickers list the same with each doctor). */
export const timeOffPeriod = vacation;
export type TimeOffPeriod = z.infer<typeof timeOffPeriod>;

/** A doctor's slot-holding appointment inside a new time-off period: allowed, listed to be moved. */
export const affectedAppointment = nextAppointment.extend({ calendar: z.string().nullable() });
export type AffectedAppointment = z.infer<typeof affectedAppointment>;

/** GET /my-account */
export const timeOffListReply = listReply(timeOffPeriod);
export type TimeOffListReply = z.infer<typeof timeOffListReply>;
/** GET /my-account/{id} */
export const timeOffReply = ok({ data: timeOffPeriod });
/** POST /my-account, PATCH /my-account/{id} */
export const timeOffWriteReply = ok({
  message: z.string(),
  data: timeOffPeriod,
  affectedAppointments: z.array(affectedAppointment),
});
export type TimeOffWriteReply = z.infer<typeof timeOffWriteReply>;

/** GET /my-account/calendar-feed: whether the private feed is on (its URL is shown only once). */
export const calendarFeedStateReply = ok({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStateReply = z.infer<typeof calendarFeedStateReply>;
/** POST /my-account/calendar-feed */
export const calendarFeedCreatedReply = ok({ message: z.string(), url: z.string(), path: z.string() });
export type CalendarFeedCreatedReply = z.infer<typeof calendarFeedCreatedReply>;
