import { createdReply, ok, pageReply } from './api';
import { appointmentRow } from './appointment-replies';
import { BUILTIN_STATUSES } from './appointments';
import { COUNTY_CODES } from './counties';
import { documentItem } from './documents';
import { dayText, requiredText } from './fields';
import { INSURANCE_STATUSES } from './insurance';
import { CONTROL_CHARS_MESSAGE, withoutControlChars } from './text';
import { isValidCnp } from './validation/cnp';
import { isValidPhone } from './validation/phone';
import { z } from './zod-setup';

// Kept zod-free in ./insurance (the public form shows them before loading zod); same exports here.
export { INSURANCE_LABELS, INSURANCE_STATUSES, type InsuranceStatus, VACCINE_OPTIONS } from './insurance';

/** Messages of SPEC §5, shown verbatim. */
export const PATIENT_MESSAGES = {
  cnp: 'Va rugam introduceti CNP valid.',
  name: 'Va rugam introduceti numele.',
  phoneRequired: 'Va rugam introduceti numarul de telefon.',
  phoneInvalid: 'Numarul de telefon introdus este invalid',
  insurance: 'Va rugam selectati statutul asiguratului.',
  vaccine: 'Va rugam selectati daca pacientul este vaccinat',
  state: 'Va rugam selectati judetul de resedinta.',
  email: 'Adresa de e-mail este invalidă.',
  gpEmail: 'Adresa de e-mail a medicului de familie este invalidă.',
  gpPhone: 'Numărul de telefon al medicului de familie este invalid.',
} as const;

const trimmed = (max: number) => z.string().trim().max(max, `Maximum ${max} de caractere.`);

/** An optional name (the family doctor's): empty strings become undefined; one line. */
export const optionalName = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    trimmed(max).refine(withoutControlChars, CONTROL_CHARS_MESSAGE).optional(),
  );

export const optionalEmail = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(254, message).email(message).optional(),
  );

export const optionalPhone = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().refine(isValidPhone, message).optional(),
  );

export const nameField = requiredText(PATIENT_MESSAGES.name, { max: 150, tooLong: 'Numele este prea lung.' })
  .refine(withoutControlChars, CONTROL_CHARS_MESSAGE)
  // "12345" is not a name (issue 19 item 11).
  .refine((v) => v === '' || /\p{L}/u.test(v), 'Numele trebuie să conțină litere.');
export const cnpField = z
  .string({ error: PATIENT_MESSAGES.cnp })
  // A pasted " 1850314401239" or "1850 3144 01239" is the same CNP.
  .overwrite((v) => v.replace(/\s+/g, ''))
  .refine((v) => isValidCnp(v), PATIENT_MESSAGES.cnp);
export const phoneField = z
  .string({ error: PATIENT_MESSAGES.phoneRequired })
  .trim()
  .min(1, PATIENT_MESSAGES.phoneRequired)
  .refine(isValidPhone, PATIENT_MESSAGES.phoneInvalid);
export const insuranceField = z.enum(INSURANCE_STATUSES, { error: PATIENT_MESSAGES.insurance });
export const stateField = z
  .string({ error: PATIENT_MESSAGES.state })
  .refine((v) => COUNTY_CODES.includes(v), PATIENT_MESSAGES.state);
export const vaccineField = z.preprocess(
  (v) => (v === '0' || v === '1' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: PATIENT_MESSAGES.vaccine }),
);

/** Messages of the patient area that the spec does not word itself. */
export const PATIENT_TEXTS = {
  duplicateCnp: 'Există deja un pacient cu acest CNP.',
  notFound: 'Pacientul nu a fost găsit.',
  created: 'Pacientul a fost adăugat',
  updatedTitle: 'Success',
  updated: 'Patient updated',
  emptyList: 'Nu s-a gasit nici un pacient',
  noAppointments: 'Nu exista programari pentru acest pacient',
} as const;

/**
 * The patient's own and their family doctor's contact, as every patient form asks for it (new,
 * edit, the public registration request), with SPEC §5's messages.
 */
export const contactFields = {
  email: optionalEmail(PATIENT_MESSAGES.email),
  phone: phoneField,
  gp_name: optionalName(150),
  gp_email: optionalEmail(PATIENT_MESSAGES.gpEmail),
  gp_phone: optionalPhone(PATIENT_MESSAGES.gpPhone),
};

/** SPEC §5 "New patient": every rule with its verbatim message. */
export const newPatientSchema = z.strictObject({
  name: nameField,
  cnp: cnpField,
  ...contactFields,
  insurance_status: insuranceField,
  state_residency: stateField,
  vaccine: vaccineField,
});
export type NewPatient = z.infer<typeof newPatientSchema>;

/**
 * SPEC §5 "Edit patient": name, phone, insurance and county required with the same messages;
 * no CNP check (the CNP identifies the record and is not edited) and no vaccine rule (the
 * vaccine status may be changed but may also be left out).
 */
export const editPatientSchema = z.object({
  name: nameField,
  ...contactFields,
  insurance_status: insuranceField,
  state_residency: stateField,
  vaccine: z.preprocess((v) => (v === '' || v === null ? undefined : v), vaccineField.optional()),
});
export type EditPatient = z.infer<typeof editPatientSchema>;

export const patientIdField = z.coerce.number().int().positive().max(2147483647);

/**
 * The `filters` JSON of GET /patients. Strict: an unknown key is a 400. `status` is a built-in
 * appointment status or the id of a custom status; the appointment filters match the patient's
 * latest appointment among those that satisfy them.
 */
/** From this many digits the CNP filter also matches the end (the lists show the last four). */
export const CNP_END_MATCH_MIN = 4;

export const patientFiltersSchema = z.strictObject({
  name: z.string().trim().max(150, 'Numele căutat poate avea cel mult 150 de caractere.').optional(),
  doctor: z.string().trim().min(1).max(100).optional(),
  appointment_date: dayText.optional(),
  status: z.union([z.enum(BUILTIN_STATUSES), z.number().int().positive()]).optional(),
  cnp: z
    .string()
    .trim()
    .regex(/^\d{0,13}$/, 'CNP-ul căutat poate conține doar cifre.')
    .optional(),
  phone: z
    .string()
    .trim()
    .regex(/^[+\d\s.-]{0,20}$/, 'Telefonul căutat poate conține doar cifre.')
    .optional(),
});
export type PatientFilters = z.infer<typeof patientFiltersSchema>;

const statusTitle = z.object({ id: z.number().int(), title: z.string() });

/** A patient as the list's rows and the record both show them (SPEC §3 Patient). */
const patientColumns = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  patient: z.string(),
  pid: z.string(),
  cnp: z.string(),
  patient_phone: z.string(),
  patient_email: z.string().nullable(),
  covid_vaccine: z.union([z.literal(0), z.literal(1)]),
});

/** A row of GET /patients: the patient with their latest appointment. */
export const patientListItem = patientColumns.extend({
  doctor: z.string().nullable(),
  doctor_id: z.string().nullable(),
  appointment_id: z.number().int().nullable(),
  appointment_date: z.string().nullable(),
  appointment_time: z.string().nullable(),
  appointment_status: z.string().nullable(),
  apstatus: statusTitle.nullable(),
});
export type PatientListItem = z.infer<typeof patientListItem>;

export const consultationEntryView = z.object({
  id: z.number().int(),
  type: z.string(),
  type_label: z.string(),
  doctor: z.string().nullable(),
  doctor_id: z.string().nullable(),
  date: z.string(),
  content: z.string(),
  /** 1 for the text written before signing; 2, 3, … for addenda after the letter was signed. */
  version: z.number().int(),
  /** False for an older version that an addendum replaced. */
  current: z.boolean(),
});
export type ConsultationEntryView = z.infer<typeof consultationEntryView>;
export const consultationGroupView = z.object({
  guid: z.string(),
  title: z.string(),
  date: z.string(),
  /** ISO instant the consultation was locked by a signed letter, or null. */
  locked_at: z.string().nullable(),
  consultations: z.array(consultationEntryView),
});
export type ConsultationGroupView = z.infer<typeof consultationGroupView>;
/** A document on the patient's page: the columns of the documents list it shows. */
export const patientDocumentView = documentItem
  .pick({ id: true, title: true, filename: true, type: true, created_at: true })
  .extend({ status: z.string() });
/** An appointment on the patient's page: the columns of the appointments list it shows. */
export const patientAppointmentView = appointmentRow
  .pick({
    id: true,
    patient: true,
    patient_phone: true,
    patient_email: true,
    doctor: true,
    doctor_id: true,
    selected_date: true,
    selected_time: true,
    status: true,
    calendar: true,
  })
  .extend({ apstatus: statusTitle.nullable() });

/** GET /patients/{id}: the record with its county, documents, consultations and appointments. */
export const patientDetail = patientColumns.extend({
  gp_name: z.string().nullable(),
  gp_email: z.string().nullable(),
  gp_phone: z.string().nullable(),
  insurance_status: z.enum(INSURANCE_STATUSES),
  insurance_label: z.string(),
  state_residency: z.string(),
  state_name: z.string(),
  documents: z.array(patientDocumentView),
  consultations: z.array(consultationGroupView),
  appointments: z.array(patientAppointmentView),
});
export type PatientDetail = z.infer<typeof patientDetail>;

// ------------------------------------------------------------------ replies (route `response`)

export const patientListReply = pageReply('patients', patientListItem);
export type PatientListReply = z.infer<typeof patientListReply>;
export const patientReply = ok({ patient: patientDetail });
export type PatientReply = z.infer<typeof patientReply>;
export const patientCreatedReply = ok({
  id: z.number().int(),
  patient_id: z.number().int(),
  message: z.string(),
});
export type PatientCreatedReply = z.infer<typeof patientCreatedReply>;
/** PUT /patients: a profile update answers its message; a consultation save also the group it joined. */
export const patientUpdateReply = ok({
  message: z.string(),
  consultation: z
    .object({ guid: z.string(), title: z.string(), date: z.string(), sections: z.array(z.string()) })
    .optional(),
});
export type PatientUpdateReply = z.infer<typeof patientUpdateReply>;
export const entryUpdatedReply = ok({ message: z.string(), content: z.string() });
export type EntryUpdatedReply = z.infer<typeof entryUpdatedReply>;
export const letterSavedReply = createdReply;
export type LetterSavedReply = z.infer<typeof letterSavedReply>;
