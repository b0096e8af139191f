import { z } from './zod-setup';

/**
 * The envelope every JSON answer carries (DESIGN §5), written once as zod schemas: routes declare
 * them as `response` (so Fastify serialises with them and OpenAPI documents them) and the web
 * client takes its types from them with `z.infer` (type-only imports: no zod in the bundle).
 */
/** A success answer: `{ status: 1, ...shape }`. */
export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal(1), ...shape });

/** `{ status: 1, message }`: a write whose answer is its Romanian confirmation. */
export const messageReply = ok({ message: z.string() });
export type MessageReply = z.infer<typeof messageReply>;

/** `{ status: 1, url }`: a short-lived signed URL that opens a file (a document, a letter PDF). */
export const signedUrlReply = ok({ url: z.string() });
export type SignedUrlReply = z.infer<typeof signedUrlReply>;

/** `{ status: 1, id, message }`: a created row (a calendar, a status, an appointment, a document, a letter). */
export const createdReply = ok({ id: z.number().int(), message: z.string() });
export type CreatedReply = z.infer<typeof createdReply>;

/** `{ status: 1, data: [item, …] }`: a whole list (no paging). */
export const listReply = <T extends z.ZodType>(item: T) => ok({ data: z.array(item) });

/** Every failure: a Romanian message and, for validation, one message per field. */
export const errorReply = z.object({
  status: z.literal(0),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  retryAfter: z.union([z.string(), z.number()]).optional(),
});

/** The failures any route may answer, documented on every operation (OpenAPI clients handle them). */
const ERROR_CODES = [400, 401, 403, 404, 409, 413, 429, 503] as const;

/**
 * The `response` of a route's schema: its success answers plus the documented failures.
 * `replies({ 200: ok({ data: thing }) })`.
 */
export function replies<T extends Record<number, z.ZodType | ReturnType<typeof fileReply>>>(success: T) {
  const errors = Object.fromEntries(ERROR_CODES.map((c) => [c, errorReply])) as Record<
    (typeof ERROR_CODES)[number],
    typeof errorReply
  >;
  return { ...errors, ...success };
}

/**
 * Bytes of a file answer, as OpenAPI names them (`type: string, format: binary`). Any value to
 * TypeScript: the route sends a buffer, a stream or a text, which Fastify passes on unserialised.
 */
const fileBytes = z.custom<unknown>(() => true).meta({ type: 'string', format: 'binary' });

/**
 * The success `response` of a route answering a file (PDF, image, .ics) rather than JSON:
 * documented per media type; Fastify sends the bytes as they are, without the JSON serialiser.
 * `replies({ 200: fileReply('application/pdf') })`.
 */
export function fileReply(...mediaTypes: string[]) {
  return { content: Object.fromEntries(mediaTypes.map((t) => [t, { schema: fileBytes }])) };
}

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * A list's `_meta.total` is exact up to this many matches; above it, it is an estimate and the
 * lists say "peste 1.000" (server/platform/list-total.ts). Nobody pages through more than 50
 * pages of 20: past that, a filter is refined, and counting up to 10,000 matches on every request
 * was most of a filtered list's time (docs/decisions/0054-exact-totals-up-to-1000.md).
 */
export const EXACT_TOTAL_UP_TO = 1_000;

/** How a list shows its total: the number, or "peste 1.000" for an estimate. */
export const totalText = (total: number) =>
  total > EXACT_TOTAL_UP_TO ? `peste ${EXACT_TOTAL_UP_TO.toLocaleString('ro-RO')}` : String(total);

export const pageMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  pageCount: z.number().int(),
});

/**
 * `{ status: 1, _meta, [key]: [item, …] }`: one page of a list under its key (`data` for most;
 * `patients`, `appointments`, `documents` where the spec names it). Further fields with `.extend`.
 */
export function pageReply<K extends string, T extends z.ZodType>(key: K, item: T) {
  return ok({ _meta: pageMeta, ...({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>) });
}

export function pageCount(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

/**
 * A query parameter that carries JSON text (the spec's `filters`), validated by `schema`.
 * Unknown keys and wrong types are refused by the strict object schemas the features pass.
 */
export function jsonQuery<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(4000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Filtrele trimise nu sunt JSON valid.' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Mărimea paginii nu este permisă.')
    .default(DEFAULT_PAGE_SIZE),
};
