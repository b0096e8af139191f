/**
 * The patient's self-service link `/p/{token}` (issue 15): what the page shows of one appointment
 * and what the patient may do there without an account. Shared by the server's routes and the page.
 */

import { ok } from './api';
import { appointmentSummary } from './appointment-replies';
import { requiredText } from './fields';
import { RESCHEDULE_NOTE_MAX, SELF_SERVICE_MESSAGES } from './self-service-rules';
import { INVISIBLE_CHARS_MESSAGE, withoutInvisibleChars } from './text';
import { selfServiceOfferSchema } from './waitlist';
import { z } from './zod-setup';

export { RESCHEDULE_NOTE_MAX, SELF_SERVICE_MESSAGES };

/** Path parameter: any text; a malformed token is simply not found (404), like an unknown one. */
export const selfServiceParams = z.object({ token: z.string().max(200) });

export const rescheduleRequestSchema = z.strictObject({
  note: requiredText(SELF_SERVICE_MESSAGES.noteRequired, {
    max: RESCHEDULE_NOTE_MAX,
    tooLong: SELF_SERVICE_MESSAGES.noteTooLong,
  }).refine(withoutInvisibleChars, INVISIBLE_CHARS_MESSAGE),
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

/** What the page shows: date, time, place, doctor and status, nothing else (no CNP, no health data). */
export const selfServiceAppointmentSchema = appointmentSummary.extend({
  cancelled: z.boolean(),
  can_cancel: z.boolean(),
  /** ISO instant until which the page cancels; null when it cannot. */
  cancel_until: z.string().nullable(),
  attendance_confirmed: z.boolean(),
  reschedule_requested: z.boolean(),
  /**
   * A remote consultation (the calendar's "Consultații la distanță"): the institute calls; the page
   * asks the patient to confirm they are available on the phone, not that they will come.
   */
  remote: z.boolean(),
});
export type SelfServiceAppointment = z.infer<typeof selfServiceAppointmentSchema>;

/**
 * A link opens an appointment (`appointment`) or a slot offered from the waitlist (`offer`,
 * domain/waitlist.ts); exactly one of them is present.
 */
export const selfServiceReply = ok({
  appointment: selfServiceAppointmentSchema.optional(),
  offer: selfServiceOfferSchema.optional(),
  /** The institute's phone, for what the page cannot do. */
  phone: z.string().nullable(),
  /** The number that will call the patient (INSTITUTE_WHATSAPP_NUMBER), for a remote consultation. */
  calling_number: z.string().nullable(),
});
export type SelfServiceReply = z.infer<typeof selfServiceReply>;

export const selfServiceActionReply = selfServiceReply.extend({ message: z.string() });
