/**
 * The public remote-consultation request (SPEC §2, §3 "Registration request", §5, DESIGN §6):
 * one schema for the browser form and the server route, the date rules, and the messages.
 */

import { ok } from './api';
import { isRealDate } from './dates';
import { cnpField, contactFields, insuranceField, nameField, stateField, vaccineField } from './patients';
import { HONEYPOT_FIELD, REGISTRATION_MESSAGES, REGISTRATION_SLOT } from './registration-rules';
import { z } from './zod-setup';

export * from './registration-rules';

const dateField = z
  .string({ error: REGISTRATION_MESSAGES.date })
  .trim()
  .refine(isRealDate, REGISTRATION_MESSAGES.date);

/** The registration request of SPEC §3, as the form sends it. */
export const registrationSchema = z.strictObject({
  appt_date: dateField,
  appt_time: z.literal(REGISTRATION_SLOT, { error: REGISTRATION_MESSAGES.time }),
  name: nameField,
  cnp: cnpField,
  ...contactFields,
  state_residency: stateField,
  insurance_status: insuranceField,
  vaccine: vaccineField,
  agreement: z.literal(true, { error: REGISTRATION_MESSAGES.agreement }),
  /** The consent text version the page showed (GET /appointment/consent-text). */
  consent_version: z.string().trim().max(40).optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  /** The proof of work the page computed (base64 of ALTCHA's challenge and solution). */
  altcha: z.string().max(4000).optional(),
});
export type RegistrationRequest = z.output<typeof registrationSchema>;

/** GET /appointment/check-register-date?filters={"selected_date":"YYYY-MM-DD"} */
export const checkDateFilters = z.strictObject({ selected_date: dateField });

/** GET /appointment/check-register-date: `status: 0` with a message (HTTP 200) for a day that cannot be requested. */
export const checkDateReply = z.union([ok({}), z.object({ status: z.literal(0), message: z.string() })]);

/**
 * GET /appointment/closed-days: the days from today to the last one the form offers that the
 * public calendar refuses besides weekends (its unavailable days: public holidays, closures; and
 * the days already full), as ranges of days, first to last; the date picker does not offer them.
 */
export const closedDaysReply = ok({ closed: z.array(z.object({ from: z.string(), to: z.string() })) });
export type ClosedDaysAnswer = z.infer<typeof closedDaysReply>;

/** GET /appointment/consent-text: the consent text the form shows now. */
export const consentTextReply = ok({ version: z.string(), text: z.string() });
export type ConsentTextAnswer = z.infer<typeof consentTextReply>;

/** POST /appointment (200 or 201). */
export const registrationReply = ok({
  message: z.string(),
  appointment: z.object({ id: z.number(), selected_date: z.string(), selected_time: z.string() }),
});
export type RegistrationAnswer = z.infer<typeof registrationReply>;
