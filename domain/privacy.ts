/**
 * Patient privacy (issue 11, GDPR art. 15, 17(3)(c), 20): masking, anonymisation, consent text
 * versions, retention. Shared by the server routes and the browser forms.
 */

import { listReply, ok, pageReply } from './api';
import { formatDay } from './dates';
import { requiredText } from './fields';
import { parseCnp } from './validation/cnp';
import { z } from './zod-setup';

/** What the user must type to confirm an anonymisation (shown in the modal, checked by the server). */
export const ANONYMISE_PHRASE = 'ANONIMIZEAZĂ';

/** The typed phrase, accepted with or without diacritics (not every keyboard has Ă), in capitals. */
export function isAnonymisePhrase(typed: string): boolean {
  return (
    typed
      .trim()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '') === 'ANONIMIZEAZA'
  );
}

/** The CNP placeholder of an anonymised patient: unique per patient, never a valid CNP. */
export const ANON_CNP_PREFIX = 'ANON-';

export const anonymisedName = (id: number) => `Pacient anonimizat #${id}`;
export const anonymisedCnp = (id: number) => `${ANON_CNP_PREFIX}${id}`;

/**
 * A CNP as lists show it: only the last 4 digits visible ('*********1234'). Lists never carry the
 * whole CNP (minimum exposure); only the detail pages do, and those reads are audited. An
 * anonymised placeholder identifies nobody, so it is shown as it is.
 */
export function maskCnp(cnp: string | null | undefined): string {
  if (!cnp) return '';
  if (cnp.startsWith(ANON_CNP_PREFIX)) return cnp;
  if (cnp.length <= 4) return '*'.repeat(cnp.length);
  return `${'*'.repeat(cnp.length - 4)}${cnp.slice(-4)}`;
}

/**
 * A patient as every patient picker lists them: the masked CNP and the birth date (read from
 * the CNP, YYYY-MM-DD; null when it does not parse, e.g. anonymised) beside the name, so two
 * "Popescu Ion" can be told apart (issue 22).
 */
/** A patient as the pickers show one: masked CNP and the birth day it holds. */
export const pickerPatientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cnp: z.string(),
  birth_date: z.string().nullable(),
});
export type PickerPatient = z.infer<typeof pickerPatientSchema>;

export function pickerPatient(row: { id: number; name: string; cnp: string }, now?: Date): PickerPatient {
  return {
    id: row.id,
    name: row.name,
    cnp: maskCnp(row.cnp),
    birth_date: parseCnp(row.cnp, now)?.birthDate ?? null,
  };
}

/** 'Popescu Ion · *********9192 · n. 12.04.1961' */
export function pickerLabel(p: Pick<PickerPatient, 'name' | 'cnp' | 'birth_date'>): string {
  return [p.name, p.cnp, p.birth_date ? `n. ${formatDay(p.birth_date)}` : null].filter(Boolean).join(' · ');
}

export const PRIVACY_MESSAGES = {
  confirmation: `Scrieți ${ANONYMISE_PHRASE} pentru a confirma.`,
  anonymised: 'Datele de identificare ale pacientului au fost anonimizate.',
  alreadyAnonymised: 'Pacientul este deja anonimizat.',
  patientNotFound: 'Pacientul nu a fost găsit.',
  consentNotFound: 'Acordul nu a fost găsit.',
  consentWithdrawn: 'Retragerea acordului a fost înregistrată.',
  consentAlreadyWithdrawn: 'Acordul a fost deja retras.',
  versionExists: 'Există deja o versiune cu acest identificator.',
  versionCreated: 'Noua versiune a textului de acord a fost salvată.',
  version: 'Identificatorul versiunii are 3-40 caractere: litere mici, cifre, punct sau cratimă.',
  text: 'Textul acordului este obligatoriu (cel mult 5000 de caractere).',
} as const;

export const anonymiseSchema = z.strictObject({
  confirmation: z.string({ error: PRIVACY_MESSAGES.confirmation }).refine(isAnonymisePhrase, {
    message: PRIVACY_MESSAGES.confirmation,
  }),
});

export const consentTextSchema = z.strictObject({
  version: z
    .string({ error: PRIVACY_MESSAGES.version })
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{2,39}$/, PRIVACY_MESSAGES.version),
  text: requiredText(PRIVACY_MESSAGES.text, { max: 5000 }),
});
export type ConsentTextInput = z.input<typeof consentTextSchema>;

/** Consent texts may name the institute with this token; it is replaced when shown. */
export const INSTITUTE_TOKEN = '{institut}';
export const renderConsentText = (text: string, institute: string) =>
  text.split(INSTITUTE_TOKEN).join(institute);

export const consentTextRow = z.object({ version: z.string(), text: z.string(), created_at: z.string() });

export const consentRecord = z.object({
  id: z.number().int(),
  text_version: z.string(),
  text: z.string().nullable(),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
  appointment_id: z.number().int().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

export const patientPrivacy = z.object({
  patient_id: z.number().int(),
  anonymised_at: z.string().nullable(),
  consents: z.array(consentRecord),
});

export const retentionItem = z.object({
  id: z.number().int(),
  patient: z.string(),
  cnp: z.string(),
  last_contact: z.string(),
  anonymised_at: z.string().nullable(),
});
export type RetentionItem = z.infer<typeof retentionItem>;

// ------------------------------------------------------------------ replies (route `response`)

export const patientPrivacyReply = ok({ privacy: patientPrivacy });
export type PatientPrivacyReply = z.infer<typeof patientPrivacyReply>;
export const anonymisedReply = ok({
  message: z.string(),
  result: z.object({
    documents: z.number().int(),
    appointments: z.number().int(),
    consultations: z.number().int(),
  }),
});
export type AnonymisedReply = z.infer<typeof anonymisedReply>;
export const consentWithdrawnReply = ok({ message: z.string(), withdrawn_at: z.string() });
export type ConsentWithdrawnReply = z.infer<typeof consentWithdrawnReply>;
export const consentTextsReply = listReply(consentTextRow);
export type ConsentTextsReply = z.infer<typeof consentTextsReply>;
export const consentTextCreatedReply = ok({ message: z.string(), version: z.string() });
export type ConsentTextCreatedReply = z.infer<typeof consentTextCreatedReply>;
export const retentionReply = pageReply('data', retentionItem).extend({
  retention_years: z.number().int(),
  cutoff: z.string(),
});
export type RetentionReply = z.infer<typeof retentionReply>;
