/**
 * The patient's self-service link `/p/{token}` (issue 15): what the page shows of one appointment
 * and what the patient may do there without an account. Shared by the server's routes and the page.
 */

import { selfServiceOfferSchema } from './waitlist';
import { z } from './zod-setup';

export const RESCHEDULE_NOTE_MAX = 500;

export const SELF_SERVICE_MESSAGES = {
  notFound:
    'Linkul nu este valabil: poate fi greșit copiat, programarea a trecut sau a fost ștearsă. Pentru ajutor, sunați la institut.',
  confirmed: 'Vă mulțumim! Prezența dumneavoastră a fost confirmată.',
  cancelled: 'Programarea a fost anulată. Locul a fost eliberat pentru alți pacienți.',
  rescheduleSent: 'Cererea a fost trimisă. Vă vom contacta pentru o nouă dată.',
  alreadyCancelled: 'Programarea este deja anulată.',
  tooLateToCancel:
    'Programarea nu mai poate fi anulată online atât de aproape de data ei. Vă rugăm să sunați la institut.',
  noteRequired: 'Scrieți pe scurt ce dată sau ce interval v-ar conveni.',
  noteTooLong: `Cel mult ${RESCHEDULE_NOTE_MAX} de caractere.`,
} as const;

/** Path parameter: any text; a malformed token is simply not found (404), like an unknown one. */
export const selfServiceParams = z.object({ token: z.string().max(200) });

export const rescheduleRequestSchema = z.strictObject({
  note: z
    .string({ error: SELF_SERVICE_MESSAGES.noteRequired })
    .trim()
    .min(1, SELF_SERVICE_MESSAGES.noteRequired)
    .max(RESCHEDULE_NOTE_MAX, SELF_SERVICE_MESSAGES.noteTooLong),
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

/** What the page shows: date, time, place, doctor and status, nothing else (no CNP, no health data). */
export const selfServiceAppointmentSchema = z.object({
  date: z.string().nullable(),
  time: z.string().nullable(),
  calendar: z.string().nullable(),
  doctor: z.string().nullable(),
  status: z.string(),
  cancelled: z.boolean(),
  can_cancel: z.boolean(),
  /** ISO instant until which the page cancels; null when it cannot. */
  cancel_until: z.string().nullable(),
  attendance_confirmed: z.boolean(),
  reschedule_requested: z.boolean(),
});
export type SelfServiceAppointment = z.infer<typeof selfServiceAppointmentSchema>;

/**
 * A link opens an appointment (`appointment`) or a slot offered from the waitlist (`offer`,
 * domain/waitlist.ts); exactly one of them is present.
 */
export const selfServiceReply = z.object({
  status: z.literal(1),
  appointment: selfServiceAppointmentSchema.optional(),
  offer: selfServiceOfferSchema.optional(),
  /** The institute's phone, for what the page cannot do. */
  phone: z.string().nullable(),
});
export type SelfServiceReply = z.infer<typeof selfServiceReply>;

export const selfServiceActionReply = selfServiceReply.extend({ message: z.string() });
