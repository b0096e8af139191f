/**
 * ICD-10 diagnoses with Romanian titles (the CIM-10 codes a cardiology letter uses), shared by
 * the browser's diagnosis picker and the server (GET /api/misc/icd10, the letter's validation).
 *
 * The list is `data/icd10-ro.json`; its source and what was done to it are in
 * `data/icd10-ro.md` and docs/decisions/0024-icd10-source.md. Chapter IX (I00-I99) comes from the
 * RoDRG tabular list (CIM-10-AM, Romanian); the R and Z codes are marked `provisional` until
 * checked against that list.
 *
 * Interface:
 * - `searchIcd10(q, limit)` — best matches first: exact code, code prefix ("i1", "I25.1"), then
 *   every word at a word start ("hipertensiune esentiala"), then every word anywhere. Case,
 *   diacritics and word order do not matter. Within a tier, the codes a cardiology consultation
 *   uses most (those with search keywords) come first, then categories before subdivisions.
 * - `findIcd10(code)` — one code ("i10", "I25.1", "I251"), or undefined.
 * - `icd10CodeSchema`, `diagnosisSchema` (`{ code, title? }` → `{ code, title }`),
 *   `icd10QuerySchema` (the route's `q`, `limit`), `icd10Reply` (its answer) — Romanian messages.
 */

import { listReply } from './api';
import data from './data/icd10-ro.json';
import { foldText } from './text';
import { z } from './zod-setup';

export type Icd10Code = {
  /** "I10", "I25.1", "I25.11" */
  code: string;
  /** Romanian title with diacritics */
  title: string;
  /** True for codes whose title is not yet checked against the source (see data/icd10-ro.md). */
  provisional: boolean;
};

export const ICD10_TEXTS = {
  queryRequired: 'Introduceți un cod sau cuvinte din denumirea diagnosticului.',
  queryTooLong: 'Căutarea este prea lungă (cel mult 80 de caractere).',
  limitInvalid: 'Numărul de rezultate trebuie să fie între 1 și 50.',
  codeRequired: 'Alegeți codul ICD-10 al diagnosticului.',
  unknownCode: 'Codul ICD-10 nu există în lista de diagnostice.',
  titleTooLong: 'Denumirea diagnosticului este prea lungă (cel mult 300 de caractere).',
} as const;

export const ICD10_DEFAULT_LIMIT = 20;
export const ICD10_MAX_LIMIT = 50;

const keywords: Record<string, string> = data.keywords;

export const ICD10_CODES: readonly Icd10Code[] = [
  ...data.codes.map(([code, title]) => ({ code, title, provisional: false })),
  ...data.provisional.map(([code, title]) => ({ code, title, provisional: true })),
];

type Indexed = {
  entry: Icd10Code;
  /** Upper-case code without the dot ("I251"), for code prefixes typed either way. */
  bare: string;
  words: string[];
  text: string;
  common: boolean;
  order: number;
};

const splitWords = (s: string) =>
  foldText(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const INDEX: Indexed[] = ICD10_CODES.map((entry, order) => {
  const extra = keywords[entry.code] ?? '';
  const words = [...splitWords(entry.code), entry.code.replace('.', '').toLowerCase()];
  words.push(...splitWords(entry.title), ...splitWords(extra));
  return {
    entry,
    bare: entry.code.replace('.', ''),
    words,
    text: foldText(`${entry.code} ${entry.title} ${extra}`),
    common: extra !== '',
    order,
  };
});

const BY_CODE = new Map(INDEX.map((i) => [i.bare, i.entry]));

/** A code as typed ("i10", " I25.1 ", "I251") in the list's form, or undefined. */
export function findIcd10(code: string): Icd10Code | undefined {
  return BY_CODE.get(code.trim().toUpperCase().replace('.', ''));
}

const CODE_LIKE = /^[a-z]\d{0,2}(\.\d{0,2})?$/i;

/** Tier of a match: 0 exact code, 1 code prefix, 2 all words at word starts, 3 all words anywhere. */
function tier(i: Indexed, q: string, tokens: string[]): number | null {
  if (CODE_LIKE.test(q)) {
    const typed = q.toUpperCase().replace('.', '');
    if (i.bare === typed) return 0;
    if (i.bare.startsWith(typed)) return 1;
  }
  if (tokens.length === 0) return null;
  if (tokens.every((t) => i.words.some((w) => w.startsWith(t)))) return 2;
  if (tokens.every((t) => i.text.includes(t))) return 3;
  return null;
}

/** Codes matching `q`, best first (see the file header), at most `limit`. */
export function searchIcd10(q: string, limit: number = ICD10_DEFAULT_LIMIT): Icd10Code[] {
  const query = q.trim();
  if (!query) return [];
  const tokens = splitWords(query);
  const hits: { i: Indexed; tier: number }[] = [];
  for (const i of INDEX) {
    const t = tier(i, query, tokens);
    if (t !== null) hits.push({ i, tier: t });
  }
  hits.sort(
    (a, b) =>
      a.tier - b.tier ||
      Number(b.i.common) - Number(a.i.common) ||
      a.i.bare.length - b.i.bare.length ||
      a.i.order - b.i.order,
  );
  return hits.slice(0, Math.max(0, limit)).map((h) => h.i.entry);
}

/** One ICD-10 code from the list, returned in the list's form ("i10" → "I10"). */
export const icd10CodeSchema = z
  .string({ error: ICD10_TEXTS.codeRequired })
  .trim()
  .min(1, ICD10_TEXTS.codeRequired)
  .max(10, ICD10_TEXTS.unknownCode)
  .transform((code, ctx) => {
    const found = findIcd10(code);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: ICD10_TEXTS.unknownCode });
      return z.NEVER;
    }
    return found.code;
  });

/**
 * A diagnosis on the letter: a listed code and, optionally, the doctor's wording; without one the
 * list's title is used, so the output always has both.
 */
export const diagnosisSchema = z
  .strictObject({
    code: icd10CodeSchema,
    title: z.string().trim().max(300, ICD10_TEXTS.titleTooLong).optional(),
  })
  .transform(({ code, title }) => ({ code, title: title || findIcd10(code)!.title }));

/** GET /api/misc/icd10?q=&limit= */
export const icd10QuerySchema = z.object({
  q: z
    .string({ error: ICD10_TEXTS.queryRequired })
    .trim()
    .min(1, ICD10_TEXTS.queryRequired)
    .max(80, ICD10_TEXTS.queryTooLong),
  limit: z.coerce
    .number({ error: ICD10_TEXTS.limitInvalid })
    .int(ICD10_TEXTS.limitInvalid)
    .min(1, ICD10_TEXTS.limitInvalid)
    .max(ICD10_MAX_LIMIT, ICD10_TEXTS.limitInvalid)
    .default(ICD10_DEFAULT_LIMIT),
});

/** GET /api/misc/icd10's answer: the matches, best first. */
export const icd10Reply = listReply(z.object({ code: z.string(), title: z.string() }));
export type Icd10Reply = z.infer<typeof icd10Reply>;
