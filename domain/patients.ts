import { z } from 'zod';
import { COUNTY_CODES } from './counties';
import { isValidCnp } from './validation/cnp';
import { isValidPhone } from './validation/phone';

export const INSURANCE_STATUSES = [
  'insured-employed',
  'insured-retired',
  'insured-coinsured',
  'insured-OPSNAJ',
  'uninsured',
] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];

export const INSURANCE_LABELS: Record<InsuranceStatus, string> = {
  'insured-employed': 'Asigurat - salariat',
  'insured-retired': 'Asigurat - pensionar',
  'insured-coinsured': 'Coasigurat',
  'insured-OPSNAJ': 'Asigurat CASAOPSNAJ',
  uninsured: 'Neasigurat',
};

export const VACCINE_OPTIONS = [
  { value: '0', label: 'Nu' },
  { value: '1', label: 'Da' },
] as const;

/** Messages of SPEC §5, shown verbatim. */
export const PATIENT_MESSAGES = {
  cnp: 'Va rugam introduceti CNP valid.',
  name: 'Va rugam introduceti numele.',
  phoneRequired: 'Va rugam introduceti numarul de telefon.',
  phoneInvalid: 'Numarul de telefon introdus este invalid',
  insurance: 'Va rugam selectati statutul asiguratului.',
  vaccine: 'Va rugam selectati daca pacientul este vaccinat',
  state: 'Va rugam selectati judetul de resedinta.',
  email: 'Adresa de e-mail este invalida.',
  gpEmail: 'Adresa de e-mail a medicului de familie este invalida.',
  gpPhone: 'Numarul de telefon al medicului de familie este invalid.',
} as const;

const trimmed = (max: number) => z.string().trim().max(max, `Maximum ${max} de caractere.`);

/** Optional text: empty strings become undefined. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), trimmed(max).optional());

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
  .max(150, 'Numele este prea lung.');
export const cnpField = z
  .string({ error: PATIENT_MESSAGES.cnp })
  .trim()
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
