import { z } from 'zod';
import { BUILTIN_STATUSES } from './appointments';
import { COUNTY_CODES } from './counties';
import { INSURANCE_STATUSES, type InsuranceStatus } from './insurance';
import { CONTROL_CHARS_MESSAGE, withoutControlChars } from './text';
import { isValidCnp } from './validation/cnp';
import { isValidPhone } from './validation/phone';

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

export const nameField = z
  .string({ error: PATIENT_MESSAGES.name })
  .trim()
  .min(1, PATIENT_MESSAGES.name)
  .max(150, 'Numele este prea lung.')
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

/** SPEC §5 "New patient": every rule with its verbatim message. */
export const newPatientSchema = z.strictObject({
  name: nameField,
  cnp: cnpField,
  email: optionalEmail(PATIENT_MESSAGES.email),
  phone: phoneField,
  gp_name: optionalName(150),
  gp_email: optionalEmail(PATIENT_MESSAGES.gpEmail),
  gp_phone: optionalPhone(PATIENT_MESSAGES.gpPhone),
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
  email: optionalEmail(PATIENT_MESSAGES.email),
  phone: phoneField,
  gp_name: optionalName(150),
  gp_email: optionalEmail(PATIENT_MESSAGES.gpEmail),
  gp_phone: optionalPhone(PATIENT_MESSAGES.gpPhone),
  insurance_status: insuranceField,
  state_residency: stateField,
  vaccine: z.preprocess((v) => (v === '' || v === null ? undefined : v), vaccineField.optional()),
});
export type EditPatient = z.infer<typeof editPatientSchema>;

export const patientIdField = z.coerce.number().int().positive().max(2147483647);

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data trebuie sa fie in formatul YYYY-MM-DD.');

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
  appointment_date: isoDay.optional(),
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

/** A row of GET /patients (SPEC §3 Patient, with its latest appointment). */
export type PatientListItem = {
  id: number;
  patient_id: number;
  patient: string;
  pid: string;
  cnp: string;
  patient_phone: string;
  patient_email: string | null;
  covid_vaccine: 0 | 1;
  doctor: string | null;
  doctor_id: string | null;
  appointment_id: number | null;
  appointment_date: string | null;
  appointment_time: string | null;
  appointment_status: string | null;
  apstatus: { id: number; title: string } | null;
};

export type ConsultationEntryView = {
  id: number;
  type: string;
  type_label: string;
  doctor: string | null;
  doctor_id: string | null;
  date: string;
  content: string;
  /** 1 for the text written before signing; 2, 3, … for addenda after the letter was signed. */
  version: number;
  /** False for an older version that an addendum replaced. */
  current: boolean;
};
export type ConsultationGroupView = {
  guid: string;
  title: string;
  date: string;
  /** ISO instant the consultation was locked by a signed letter, or null. */
  locked_at: string | null;
  consultations: ConsultationEntryView[];
};
export type PatientDocumentView = {
  id: number;
  title: string;
  filename: string;
  type: string;
  created_at: string;
  status: string;
};
export type PatientAppointmentView = {
  id: number;
  patient: string;
  patient_phone: string;
  patient_email: string | null;
  doctor: string | null;
  doctor_id: string | null;
  selected_date: string | null;
  selected_time: string | null;
  status: string;
  apstatus: { id: number; title: string } | null;
  calendar: { id: number; title: string } | null;
};

/** GET /patients/{id}: the record with its county, documents, consultations and appointments. */
export type PatientDetail = Omit<
  PatientListItem,
  | 'doctor'
  | 'doctor_id'
  | 'appointment_id'
  | 'appointment_date'
  | 'appointment_time'
  | 'appointment_status'
  | 'apstatus'
> & {
  gp_name: string | null;
  gp_email: string | null;
  gp_phone: string | null;
  insurance_status: InsuranceStatus;
  insurance_label: string;
  state_residency: string;
  state_name: string;
  documents: PatientDocumentView[];
  consultations: ConsultationGroupView[];
  appointments: PatientAppointmentView[];
};
