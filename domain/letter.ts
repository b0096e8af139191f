/**
 * The *scrisoare medicală* in the national model (CNAS norms, Annex 43: "Stimate(ă) coleg(ă)"),
 * shared by the letter form (browser) and the routes that generate and sign it (server).
 *
 * Interface:
 * - `letterSchema` — what the doctor fills in: the consultation's clinical sections (reason,
 *   personal and family history, current treatment, presumptive diagnosis, recommendations:
 *   domain/consultations.ts), the model's fields the consultation lacks (clinical exam; results:
 *   laboratory, EKG, echocardiography, other investigations; treatment done; recommended
 *   treatment with its duration; whether and when the patient returns), ICD-10 coded diagnoses
 *   (at least one, the first is the main diagnosis), the four mandatory choices and the way the
 *   letter is transmitted. `Letter` is its parsed output, `LetterInput` what a form sends.
 * - `remoteConsultationDefaults()` — the starting values for a remote consultation: the public
 *   page promises no prescription and no sick leave, so every choice starts as "nu s-a eliberat",
 *   and the letter goes to the family doctor by e-mail.
 * - `LETTER_SECTIONS`, `LETTER_TEXTS`, `CHOICE_KINDS`, `choiceSentence()` — labels and the
 *   model's sentences, used by the form and by the PDF (server/features/patients/letter/).
 *
 * Text fields hold rich text like the consultation sections (sanitised on the server before it
 * is stored); an empty editor ('<p></p>') counts as empty. Every object of the form, nested ones
 * included (a choice, the follow-up, a diagnosis), refuses a key it does not know (issue 54):
 * a misspelt `seria` is a 400 naming it, not a letter printed without the series.
 */

import { ok } from './api';
import { isBlankHtml } from './consultations';
import { diagnosisSchema } from './icd10';
import { z } from './zod-setup';

/** The model's mandatory "se completează obligatoriu" choices. */
export const CHOICE_KINDS = ['prescription', 'sickLeave', 'homeCare', 'devices'] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];
export const CHOICE_STATUSES = ['issued', 'not_needed', 'not_issued'] as const;
export type ChoiceStatus = (typeof CHOICE_STATUSES)[number];
export type Choice =
  | { status: 'issued'; series: string; number: string }
  | { status: Exclude<ChoiceStatus, 'issued'> };

export const TRANSMISSIONS = ['patient', 'email'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

/** What each choice is about, as the model words it (after "S-a eliberat" / "Nu s-a eliberat"). */
const CHOICE_OBJECT: Record<ChoiceKind, string> = {
  prescription: 'prescripție medicală',
  sickLeave: 'concediu medical',
  homeCare: 'recomandare pentru îngrijiri medicale la domiciliu/paliative la domiciliu',
  devices: 'prescripție medicală pentru dispozitive medicale în ambulatoriu',
};

export const LETTER_TEXTS = {
  title: 'Scrisoare medicală',
  salutation: 'Stimate(ă) coleg(ă),',
  unsigned: 'Document nesemnat electronic',
  /** The signed letter carries the institute's electronic seal (its certificate), not the doctor's signature. */
  seal: 'Sigiliu electronic al institutului',
  sealApplied: (timestamped: boolean) =>
    timestamped ? 'aplicat la semnare, cu marcă temporală' : 'aplicat la semnare',
  copies:
    'Se întocmește în două exemplare: unul rămâne la medicul care a efectuat consultația, celălalt se transmite medicului de familie.',
  emailNote:
    'Scrisoarea medicală transmisă prin e-mail este semnată cu semnătură electronică extinsă sau calificată.',
  choiceLabels: {
    prescription: 'Prescripție medicală',
    sickLeave: 'Concediu medical',
    homeCare: 'Îngrijiri medicale la domiciliu/paliative la domiciliu',
    devices: 'Dispozitive medicale în ambulatoriu',
  } satisfies Record<ChoiceKind, string>,
  statusLabels: {
    issued: 'S-a eliberat',
    not_needed: 'Nu a fost necesar',
    not_issued: 'Nu s-a eliberat',
  } satisfies Record<ChoiceStatus, string>,
  transmissionLabels: {
    patient: 'prin asigurat',
    email: 'prin e-mail',
  } satisfies Record<Transmission, string>,
  // Refusals (field messages)
  reasonRequired: 'Completați motivele prezentării.',
  textTooLong: 'Textul este prea lung.',
  diagnosesRequired:
    'Adăugați cel puțin un diagnostic codificat ICD-10 (primul este diagnosticul principal).',
  diagnosesTooMany: 'Cel mult 12 diagnostice.',
  diagnosisRepeated: 'Diagnosticul apare de două ori.',
  durationRequired: 'Precizați durata tratamentului recomandat.',
  durationTooLong: 'Durata este prea lungă (cel mult 100 de caractere).',
  followUpRequired: 'Precizați dacă pacientul revine la control.',
  followUpWhenRequired: 'Precizați când revine pacientul.',
  transmissionRequired: 'Alegeți calea de transmitere a scrisorii.',
  choiceRequired: {
    prescription: 'Alegeți o variantă pentru prescripția medicală.',
    sickLeave: 'Alegeți o variantă pentru concediul medical.',
    homeCare: 'Alegeți o variantă pentru îngrijirile medicale la domiciliu.',
    devices: 'Alegeți o variantă pentru dispozitivele medicale.',
  } satisfies Record<ChoiceKind, string>,
  seriesRequired: 'Completați seria documentului eliberat.',
  numberRequired: 'Completați numărul documentului eliberat.',
  seriesInvalid: 'Seria are cel mult 20 de litere, cifre sau cratime.',
  numberInvalid: 'Numărul are cel mult 20 de litere, cifre sau cratime.',
} as const;

/** The sentence the letter prints for a choice, in the model's words. */
export function choiceSentence(kind: ChoiceKind, choice: Choice): string {
  const what = CHOICE_OBJECT[kind];
  if (choice.status === 'issued') return `S-a eliberat ${what}, seria ${choice.series} nr. ${choice.number}`;
  if (choice.status === 'not_needed') return `Nu s-a eliberat ${what} deoarece nu a fost necesar`;
  return `Nu s-a eliberat ${what}`;
}

/**
 * The model's three lines of a choice, in its order, with the chosen one marked (for the form's
 * radio labels and the PDF's ticked boxes); an issued document's line carries its series and number.
 */
export function choiceLines(kind: ChoiceKind, choice: Choice) {
  return CHOICE_STATUSES.map((status) => ({
    status,
    chosen: choice.status === status,
    text:
      status === 'issued'
        ? choice.status === 'issued'
          ? choiceSentence(kind, choice)
          : `S-a eliberat ${CHOICE_OBJECT[kind]}`
        : choiceSentence(kind, { status }),
  }));
}

/**
 * The letter's clinical text fields, in the order the model prints them, with their headings.
 * @public Part of this module's interface (above) for the letter form and PDF.
 */
export const LETTER_SECTIONS = [
  { key: 'reason', label: 'Motivele prezentării' },
  { key: 'diagnosis', label: 'Diagnostic prezumtiv (observații)' },
  { key: 'personalPriors', label: 'Antecedente personale' },
  { key: 'familyPriors', label: 'Antecedente heredo-colaterale semnificative' },
  { key: 'treatment', label: 'Tratament curent (la prezentare)' },
  { key: 'clinicalExam', label: 'Examen clinic' },
  { key: 'labResults', label: 'Examene de laborator' },
  { key: 'ekg', label: 'EKG' },
  { key: 'echo', label: 'Ecocardiografie' },
  { key: 'otherInvestigations', label: 'Alte investigații' },
  { key: 'treatmentDone', label: 'Tratament efectuat' },
  { key: 'recommendedTreatment', label: 'Tratament recomandat' },
  { key: 'recs', label: 'Alte recomandări' },
] as const;

const richText = z.string({ error: LETTER_TEXTS.textTooLong }).max(200_000, LETTER_TEXTS.textTooLong);
const optionalText = richText.optional().default('');
const docId = (invalid: string) =>
  z
    .string()
    .trim()
    .max(20, invalid)
    .regex(/^[\p{L}\d-]*$/u, invalid)
    .optional();

/**
 * An object's own message for a missing or wrong value; an unknown key keeps the shared
 * "Câmp necunoscut: …" (domain/zod-setup.ts).
 */
const unlessUnknownKey =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === 'unrecognized_keys' ? undefined : message;

function choiceSchema(kind: ChoiceKind) {
  const required = LETTER_TEXTS.choiceRequired[kind];
  return z
    .strictObject(
      {
        status: z.enum(CHOICE_STATUSES, { error: required }),
        series: docId(LETTER_TEXTS.seriesInvalid),
        number: docId(LETTER_TEXTS.numberInvalid),
      },
      { error: unlessUnknownKey(required) },
    )
    .superRefine((v, ctx) => {
      if (v.status !== 'issued') return;
      if (!v.series) ctx.addIssue({ code: 'custom', path: ['series'], message: LETTER_TEXTS.seriesRequired });
      if (!v.number) ctx.addIssue({ code: 'custom', path: ['number'], message: LETTER_TEXTS.numberRequired });
    })
    .transform((v): Choice => {
      // Exactly one of the three: a series or number left over from "issued" is dropped.
      if (v.status === 'issued') return { status: 'issued', series: v.series!, number: v.number! };
      return { status: v.status };
    });
}

const followUpSchema = z
  .strictObject(
    {
      returns: z.enum(['yes', 'no'], { error: LETTER_TEXTS.followUpRequired }),
      when: z.string().trim().max(200, LETTER_TEXTS.textTooLong).optional(),
    },
    { error: unlessUnknownKey(LETTER_TEXTS.followUpRequired) },
  )
  .superRefine((v, ctx) => {
    if (v.returns === 'yes' && !v.when)
      ctx.addIssue({ code: 'custom', path: ['when'], message: LETTER_TEXTS.followUpWhenRequired });
  })
  .transform((v) =>
    v.returns === 'yes' ? { returns: 'yes' as const, when: v.when! } : { returns: 'no' as const },
  );

/** The consultation's own sections (domain/consultations.ts), as the letter takes them. */
const sectionsShape = {
  reason: richText.refine((v) => !isBlankHtml(v), LETTER_TEXTS.reasonRequired),
  personalPriors: optionalText,
  familyPriors: optionalText,
  treatment: optionalText,
  diagnosis: optionalText,
  recs: optionalText,
};

/** The model's fields the consultation lacks: what the letter form asks for. */
const extrasShape = {
  clinicalExam: optionalText,
  labResults: optionalText,
  ekg: optionalText,
  echo: optionalText,
  otherInvestigations: optionalText,
  treatmentDone: optionalText,
  recommendedTreatment: optionalText,
  treatmentDuration: z.string().trim().max(100, LETTER_TEXTS.durationTooLong).optional().default(''),
  diagnoses: z
    .array(diagnosisSchema, { error: LETTER_TEXTS.diagnosesRequired })
    .min(1, LETTER_TEXTS.diagnosesRequired)
    .max(12, LETTER_TEXTS.diagnosesTooMany),
  followUp: followUpSchema,
  prescription: choiceSchema('prescription'),
  sickLeave: choiceSchema('sickLeave'),
  homeCare: choiceSchema('homeCare'),
  devices: choiceSchema('devices'),
  transmission: z.enum(TRANSMISSIONS, { error: LETTER_TEXTS.transmissionRequired }),
};

function refineLetter(
  v: { diagnoses: { code: string }[]; recommendedTreatment: string; treatmentDuration: string },
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  v.diagnoses.forEach((d, i) => {
    if (seen.has(d.code))
      ctx.addIssue({
        code: 'custom',
        path: ['diagnoses', i, 'code'],
        message: LETTER_TEXTS.diagnosisRepeated,
      });
    seen.add(d.code);
  });
  if (!isBlankHtml(v.recommendedTreatment) && !v.treatmentDuration)
    ctx.addIssue({ code: 'custom', path: ['treatmentDuration'], message: LETTER_TEXTS.durationRequired });
}

export const letterSchema = z.object({ ...sectionsShape, ...extrasShape }).superRefine(refineLetter);

/**
 * POST /api/patients/{id}/consultation-letter/{guid}: the letter form. The six clinical sections
 * are not sent: the server takes them from the consultation (its latest versions, addenda
 * included) and checks the whole letter with `letterSchema`.
 */
export const letterRequestSchema = z.strictObject(extrasShape).superRefine(refineLetter);
export type LetterRequestInput = z.input<typeof letterRequestSchema>;
export type LetterRequest = z.output<typeof letterRequestSchema>;
export const LETTER_SECTION_KEYS = Object.keys(sectionsShape) as (keyof typeof sectionsShape)[];

export type LetterInput = z.input<typeof letterSchema>;
export type Letter = z.output<typeof letterSchema>;

/**
 * Starting values of the letter form for a remote consultation (SPEC §1: the public page says no
 * prescriptions or sick leave are issued, and the result is sent to the family doctor).
 */
export function remoteConsultationDefaults(): Pick<LetterInput, ChoiceKind | 'transmission'> {
  return {
    prescription: { status: 'not_issued' },
    sickLeave: { status: 'not_issued' },
    homeCare: { status: 'not_issued' },
    devices: { status: 'not_issued' },
    transmission: 'email',
  };
}

/** Messages of the letter's routes and form. */
export const LETTER_ACTION_TEXTS = {
  generated: 'Scrisoarea medicală a fost generată.',
  signed: 'Scrisoarea medicală a fost semnată: poartă sigiliul electronic al institutului.',
  changedWhileSigning:
    'Scrisoarea a fost generată din nou în timp ce era semnată. Verificați-o și semnați-o din nou.',
  timestampFailed:
    'Serviciul de marcare temporală nu a răspuns, așa că scrisoarea nu a fost semnată. Încercați din nou peste câteva minute; dacă problema persistă, anunțați administratorul.',
  notGenerated: 'Generați mai întâi scrisoarea medicală.',
  alreadySigned:
    'Scrisoarea medicală este deja semnată; o modificare a consultației se face prin completare.',
  signingUnavailable:
    'Semnătura electronică nu este configurată: scrisoarea se tipărește nesemnată („Document nesemnat electronic”) și se transmite prin pacient.',
  doctorOnly: 'Doar un medic poate semna scrisoarea medicală.',
  doctorDetailsMissing:
    'Completați specialitatea și codul de parafă ale medicului (Administrare, Personal) înainte de semnare.',
  unsignedSend:
    'Scrisoarea nu este semnată electronic și nu poate fi trimisă prin e-mail. Semnați-o sau tipăriți-o și transmiteți-o prin pacient.',
  alreadySent: 'Scrisoarea a fost deja trimisă medicului de familie. Confirmați că o trimiteți din nou.',
  documentTitle: (number: number, year: number) => `Scrisoare medicală nr. ${number}/${year}`,
} as const;

/**
 * POST …/send: a letter already sent goes again only with `again` (the page asks first), and is
 * audited as a resend (issue 54).
 */
export const letterSendSchema = z.strictObject({ again: z.boolean().optional() });

/** The letter of a consultation as the form shows it (GET …/consultation-letter/{guid}/state). */
export const letterStateSchema = z.object({
  id: z.number(),
  number: z.number(),
  year: z.number(),
  /** The letter's fields (Letter); the form starts from them when it is generated again. */
  content: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  documentId: z.number().nullable(),
  sentAt: z.string().nullable(),
  /** The e-mail to the family doctor: pending, sent or failed (with the reason), once sent. */
  delivery: z.object({ state: z.string(), error: z.string().nullable() }).nullable(),
});
export type LetterState = z.infer<typeof letterStateSchema>;
export const letterStateReply = ok({
  /** False when no certificate is configured: letters are printed unsigned. */
  signingAvailable: z.boolean(),
  letter: letterStateSchema.nullable(),
});
export type LetterStateReply = z.infer<typeof letterStateReply>;
export const letterActionReply = ok({ message: z.string(), letter: letterStateSchema });
export type LetterActionReply = z.infer<typeof letterActionReply>;
