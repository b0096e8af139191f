/**
 * Patient privacy (issue 11, GDPR art. 15, 17(3)(c), 20): masking, anonymisation, consent text
 * versions, retention. Shared by the server routes and the browser forms.
 */
import { z } from 'zod';

/** What the user must type to confirm an anonymisation (shown in the modal, checked by the server). */
export const ANONYMISE_PHRASE = 'ANONIMIZEAZA';

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

export const PRIVACY_MESSAGES = {
  confirmation: `Scrieti ${ANONYMISE_PHRASE} pentru a confirma.`,
  anonymised: 'Datele de identificare ale pacientului au fost anonimizate.',
  alreadyAnonymised: 'Pacientul este deja anonimizat.',
  patientNotFound: 'Pacientul nu a fost gasit.',
  consentNotFound: 'Acordul nu a fost gasit.',
  consentWithdrawn: 'Retragerea acordului a fost inregistrata.',
  consentAlreadyWithdrawn: 'Acordul a fost deja retras.',
  versionExists: 'Exista deja o versiune cu acest identificator.',
  versionCreated: 'Noua versiune a textului de acord a fost salvata.',
  version: 'Identificatorul versiunii are 3-40 caractere: litere mici, cifre, punct sau cratima.',
  text: 'Textul acordului este obligatoriu (cel mult 5000 de caractere).',
} as const;

export const anonymiseSchema = z.strictObject({
  confirmation: z
    .string({ error: PRIVACY_MESSAGES.confirmation })
    .refine((v) => v.trim() === ANONYMISE_PHRASE, {
      message: PRIVACY_MESSAGES.confirmation,
    }),
});

export const consentTextSchema = z.strictObject({
  version: z
    .string({ error: PRIVACY_MESSAGES.version })
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{2,39}$/, PRIVACY_MESSAGES.version),
  text: z
    .string({ error: PRIVACY_MESSAGES.text })
    .trim()
    .min(1, PRIVACY_MESSAGES.text)
    .max(5000, PRIVACY_MESSAGES.text),
});
export type ConsentTextInput = z.input<typeof consentTextSchema>;

/** Consent texts may name the institute with this token; it is replaced when shown. */
export const INSTITUTE_TOKEN = '{institut}';
export const renderConsentText = (text: string, institute: string) =>
  text.split(INSTITUTE_TOKEN).join(institute);

export type ConsentText = { version: string; text: string; created_at: string };

export type ConsentRecord = {
  id: number;
  text_version: string;
  text: string | null;
  given_at: string;
  withdrawn_at: string | null;
  appointment_id: number | null;
};

export type PatientPrivacy = {
  patient_id: number;
  anonymised_at: string | null;
  consents: ConsentRecord[];
};

export type RetentionItem = {
  id: number;
  patient: string;
  cnp: string;
  last_contact: string;
  anonymised_at: string | null;
};
