/**
 * The one error mapping (docs/ARCHITECTURE.md): errors meant for the user are HttpErrors with a
 * Romanian message; zod issues become `{ field: message }`; database errors become 503 (down),
 * 400 (a value it cannot hold) or 409 (a constraint lost a race). The app's error handler and
 * every feature use these, so the same failure always answers the same way.
 */
import type { z } from 'zod';
import { constraintViolation, isBadDataValue, isDatabaseDown } from './db-errors';

/** An error with an HTTP status and a message meant for the user (Romanian). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthenticated: 'Trebuie să vă autentificați.',
  forbidden: 'Nu aveți dreptul să accesați această resursă.',
  notFound: 'Resursa nu a fost găsită.',
  methodNotAllowed: 'Metoda nu este permisă pentru această adresă.',
  validation: 'Datele trimise nu sunt valide.',
  conflict: 'Datele au fost modificate între timp. Reîncărcați pagina și încercați din nou.',
  internal: 'A aparut o eroare, va rugam incercati mai tarziu.',
  unavailable: 'Serviciul este temporar indisponibil, vă rugăm încercați mai târziu.',
  tooMany: 'Prea multe cereri. Vă rugăm așteptați puțin și încercați din nou.',
  tooLarge: 'Fișierul sau cererea depășește dimensiunea maximă permisă.',
  uriTooLong: 'Adresa cererii este prea lungă.',
  unsupportedMediaType: 'Tipul conținutului trimis nu este acceptat.',
  headersTooLarge: 'Antetele cererii sunt prea mari.',
  timeout: 'Cererea a durat prea mult. Vă rugăm încercați din nou.',
  crossOrigin: 'Cererea a fost refuzată (origine necunoscută).',
  twoFactorRequired:
    'Autentificarea în doi pași este obligatorie pentru personal. Activați-o din pagina Contul meu.',
} as const;

export const badRequest = (message: string = MESSAGES.validation, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** @public A 403 with a Romanian reason, beside badRequest/notFound/conflict (no route throws one yet). */
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
/** A 400 that names one field. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

type Issue = { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] };

/**
 * `{ field: first message }` of zod issues (nested paths joined with dots; '_' for the whole);
 * an unknown key of a strict object is reported under its own name.
 */
export function fieldErrors(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = message;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const k of issue.keys) add([...issue.path, k], issue.message);
    } else add(issue.path, issue.message);
  }
  return errors;
}

/** A 400 with the field messages of zod issues, the first one as the message. */
export function validationError(issues: readonly Issue[]): HttpError {
  const errors = fieldErrors(issues);
  return badRequest(Object.values(errors)[0] ?? MESSAGES.validation, errors);
}

/** Validates data a route could not validate by its schema (a body of two shapes, multipart fields). */
export function parseOr400<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw validationError(r.error.issues);
}

/**
 * What the user is told for any error that is not already an HttpError, or null for a bug
 * (the handler logs it and answers 500 without details).
 */
export function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (isDatabaseDown(err)) return new HttpError(503, MESSAGES.unavailable);
  if (isBadDataValue(err)) return badRequest();
  if (constraintViolation(err)) return conflict(MESSAGES.conflict);
  const e = err as { statusCode?: number; code?: string };
  const code = e?.statusCode ?? 500;
  if (code === 413 || e?.code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, MESSAGES.tooLarge);
  if (code === 429) return new HttpError(429, MESSAGES.tooMany);
  if (code === 415) return new HttpError(415, MESSAGES.unsupportedMediaType);
  // Fastify's own 4xx (bad JSON, wrong content type...): say so without internals.
  if (code >= 400 && code < 500) return new HttpError(code, MESSAGES.validation);
  return null;
}
