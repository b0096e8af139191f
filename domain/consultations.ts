import { requiredText } from './fields';
import { editPatientSchema, patientIdField } from './patients';
import { CONTROL_CHARS_MESSAGE, withoutControlChars } from './text';
import { z } from './zod-setup';

const PATIENT_UPDATE_KEYS = Object.keys(editPatientSchema.shape);

/** The six sections of the consultation form (SPEC §2 "Details tab"), in display order. */
export const CONSULTATION_SECTIONS = [
  'reason',
  'personalPriors',
  'familyPriors',
  'treatment',
  'diagnosis',
  'recs',
] as const;
export type ConsultationSection = (typeof CONSULTATION_SECTIONS)[number];
/** A consultation entry is one section, or the letter text saved for the consultation letter. */
export type ConsultationEntryType = ConsultationSection | 'letter';

export const ENTRY_LABELS: Record<ConsultationEntryType, string> = {
  reason: 'Motivul consultației',
  personalPriors: 'Antecedente personale',
  familyPriors: 'Antecedente heredo-colaterale semnificative',
  treatment: 'Tratament curent',
  diagnosis: 'Diagnostic prezumtiv',
  recs: 'Recomandări',
  letter: 'Scrisoare medicală',
};

const ENTRY_ORDER: readonly ConsultationEntryType[] = [...CONSULTATION_SECTIONS, 'letter'];

/**
 * A consultation's entries in the form's fixed order (the six sections, then the letter), however
 * they were saved: a doctor may save the diagnosis before the reason (issue 22).
 */
export function inFormOrder<T extends { type: string }>(entries: readonly T[]): T[] {
  const rank = (t: string) => {
    const i = ENTRY_ORDER.indexOf(t as ConsultationEntryType);
    return i === -1 ? ENTRY_ORDER.length : i;
  };
  return [...entries].sort((a, b) => rank(a.type) - rank(b.type));
}

export const CONSULTATION_TEXTS = {
  titleRequired: 'Vă rugăm introduceți titlul consultației.',
  nothingToSave: 'Completați cel puțin o secțiune a consultației.',
  contentRequired: 'Conținutul nu poate fi gol.',
  saved: 'Consultația a fost salvată',
  entrySaved: 'Modificarea a fost salvată',
  empty: 'Nu există consultații pentru acest pacient',
  groupNotFound: 'Consultația nu a fost găsită.',
  entryNotFound: 'Înregistrarea nu a fost găsită.',
  noGpEmail: 'Medicul de familie nu are o adresă de e-mail.',
  // Queued for the family doctor, not yet delivered: the outbox sends it.
  letterSent: 'Scrisoarea pentru medicul de familie a fost pusă în coada de trimitere',
  linkInvalid: 'Linkul a expirat sau nu este valid.',
} as const;

/** 'Consultatie DD.MM.YYYY' for a YYYY-MM-DD day (the form's default title). */
export function defaultConsultationTitle(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `Consultatie ${d}.${m}.${y}`;
}

/** Rich text as sent by the editor; sanitised on the server before it is stored. */
const richText = z.string().max(200_000, 'Textul este prea lung.');

/** True when rich text has no visible text (an empty editor sends '<p></p>'). */
export function isBlankHtml(html: string | undefined | null): boolean {
  if (!html) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/** PUT /patients, consultation form: any non-empty section is saved. */
export const consultationUpdateSchema = z.object({
  patientId: patientIdField,
  consultationTitle: requiredText(CONSULTATION_TEXTS.titleRequired, {
    max: 200,
    tooLong: 'Titlul este prea lung.',
  }).refine(withoutControlChars, CONTROL_CHARS_MESSAGE),
  ...(Object.fromEntries(CONSULTATION_SECTIONS.map((s) => [s, richText.optional()])) as Record<
    ConsultationSection,
    z.ZodOptional<typeof richText>
  >),
});
export type ConsultationUpdate = z.infer<typeof consultationUpdateSchema>;

/** Rich text with something visible in it. */
const filledRichText = richText.refine((v) => !isBlankHtml(v), CONSULTATION_TEXTS.contentRequired);

/** The consultation entry update (SPEC §7): id, patientId, content. */
export const entryUpdateSchema = z.strictObject({
  id: z.coerce.number().int().positive().optional(),
  patientId: z.coerce.number().int().positive().optional(),
  content: filledRichText,
});

/** POST /patients/{id}/consultation-letter: the letter text of one consultation group. */
export const letterSaveSchema = z.strictObject({
  guid: z.uuid(CONSULTATION_TEXTS.groupNotFound),
  content: filledRichText,
});

/** Keys that make a PUT /patients body a consultation update rather than a profile update. */
export const CONSULTATION_KEYS = ['consultationTitle', ...CONSULTATION_SECTIONS] as const;

/**
 * PUT /patients as the route declares it: the patient id and the keys of either a profile update
 * (`editPatientSchema`, plus `cnp`: the form sends it, unchecked and never changed, SPEC §5) or a
 * consultation save (`consultationUpdateSchema`), nothing else; the route then validates the
 * values with the one that applies.
 */
export const patientUpdateBody = z.strictObject({
  patientId: patientIdField,
  ...Object.fromEntries(
    [...PATIENT_UPDATE_KEYS, 'cnp', ...CONSULTATION_KEYS].map((k) => [k, z.unknown().optional()] as const),
  ),
});
