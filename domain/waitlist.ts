/**
 * The waitlist of a calendar (issue 15): staff put a patient on it for a date range; a freed slot
 * is offered to the first matching patient by SMS and e-mail, held for WAITLIST_OFFER_HOURS, and
 * accepted or declined on the self-service page. Shared by the server's routes and the web.
 */

import { ok } from './api';
import { clinicTime, clinicToday, DATE_RE, formatDay, isRealDate } from './dates';
import { z } from './zod-setup';

export const WAITLIST_MESSAGES = {
  required: 'Câmp obligatoriu.',
  patientRequired: 'Alegeți pacientul.',
  calendarRequired: 'Alegeți calendarul.',
  badDate: 'Dată invalidă (AAAA-LL-ZZ).',
  toBeforeFrom: 'Data de sfârșit trebuie să fie după data de început.',
  toInPast: 'Intervalul s-a încheiat deja.',
  tooLong: 'Intervalul poate avea cel mult un an.',
  patientNotFound: 'Pacientul nu a fost găsit.',
  calendarNotFound: 'Calendarul nu a fost găsit.',
  doctorNotFound: 'Medicul nu a fost găsit.',
  alreadyWaiting: 'Pacientul este deja pe lista de așteptare a acestui calendar.',
  entryNotFound: 'Înscrierea pe lista de așteptare nu a fost găsită.',
  added: 'Pacientul a fost adăugat pe lista de așteptare.',
  removed: 'Pacientul a fost scos de pe lista de așteptare.',
  offerAccepted: 'Gata! Programarea a fost făcută. Vă așteptăm.',
  offerDeclined: 'Am înțeles. Locul va fi oferit altui pacient.',
  offerExpired: 'Oferta a expirat: locul a fost oferit altui pacient.',
  offerClosed: 'Oferta nu mai este valabilă.',
  offerTaken: 'Ne pare rău, locul tocmai a fost ocupat. Rămâneți pe lista de așteptare.',
} as const;

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2147483647, message);
const isoDate = z
  .string({ error: WAITLIST_MESSAGES.required })
  .min(1, WAITLIST_MESSAGES.required)
  .regex(DATE_RE, WAITLIST_MESSAGES.badDate)
  .refine(isRealDate, WAITLIST_MESSAGES.badDate);

export const waitlistAddSchema = z
  .strictObject({
    patient_id: id(WAITLIST_MESSAGES.patientRequired),
    calendar_id: id(WAITLIST_MESSAGES.calendarRequired),
    doctor_id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string().trim().min(1).max(100).optional(),
    ),
    from: isoDate,
    to: isoDate,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: WAITLIST_MESSAGES.toBeforeFrom });
    else if (Date.parse(v.to) - Date.parse(v.from) > 366 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: WAITLIST_MESSAGES.tooLong });
  });

export const waitlistQuery = z.object({ calendar_id: id(WAITLIST_MESSAGES.calendarRequired) });
export const waitlistIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const waitlistAddReply = ok({ id: z.number().int() });
export const waitlistOkReply = ok({});

export const OFFER_STATES = ['open', 'accepted', 'declined', 'expired', 'taken'] as const;
export const OFFER_STATE_LABELS: Record<(typeof OFFER_STATES)[number], string> = {
  open: 'oferit, așteaptă răspuns',
  accepted: 'acceptat',
  declined: 'refuzat',
  expired: 'expirat',
  taken: 'ocupat între timp',
};

export const waitlistOfferRow = z.object({
  id: z.number().int(),
  date: z.string(),
  time: z.string(),
  offered_at: z.string(),
  expires_at: z.string(),
  state: z.string(),
});

export const waitlistEntryRow = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  doctor_id: z.string().nullable(),
  doctor_name: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  state: z.string(),
  created_at: z.string(),
  offers: z.array(waitlistOfferRow),
});

export const waitlistListReply = ok({ entries: z.array(waitlistEntryRow) });
export type WaitlistListReply = z.infer<typeof waitlistListReply>;

/** What the self-service page shows of an offer: the slot and until when it is held. */
export const selfServiceOfferSchema = waitlistOfferRow
  .pick({ date: true, time: true, expires_at: true })
  .extend({ calendar: z.string().nullable(), state: z.enum(OFFER_STATES) });
export type SelfServiceOffer = z.infer<typeof selfServiceOfferSchema>;

/**
 * Until when a waitlist offer holds a slot, as staff read it: "HH:MM" the same day, with the day
 * otherwise (an offer made in the evening is held from 08:00, decision 0041).
 */
export function holdEndText(until: Date, now: Date): string {
  const time = clinicTime(until);
  return clinicToday(until) === clinicToday(now) ? time : `${formatDay(clinicToday(until))}, ora ${time}`;
}

/** What a staff slot picker says of a slot held by an open waitlist offer (issue 54, item 11). */
export const heldSlotLabel = (until: Date, now: Date) =>
  `rezervat pentru un pacient de pe lista de așteptare până la ${holdEndText(until, now)}`;

/** The 409 of a booking into a held slot without `take_held: true`. */
export const slotHeldMessage = (until: Date, now: Date) =>
  `Locul este ${heldSlotLabel(until, now)}. Confirmați dacă îl luați totuși.`;
