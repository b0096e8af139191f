import { DATE_RE, isRealDate } from './dates';
import { z } from './zod-setup';

/**
 * A required text, trimmed: `required` when it is missing or shorter than `min` (1 unless told),
 * `tooLong` (else `required`) past `max`. The forms' names, titles, notes and search texts.
 */
export const requiredText = (required: string, limits: { max: number; min?: number; tooLong?: string }) =>
  z
    .string({ error: required })
    .trim()
    .min(limits.min ?? 1, required)
    .max(limits.max, limits.tooLong ?? required);

/** A day written YYYY-MM-DD; the format only (a list filter on an impossible day finds nothing). */
export const dayText = z.string().regex(DATE_RE, 'Data trebuie sa fie in formatul YYYY-MM-DD.');

/** A real day written YYYY-MM-DD. */
export const dayField = dayText.refine(isRealDate, 'Data nu este validă.');
