import { z } from 'zod';

/** The envelope every JSON answer carries (DESIGN §5). */
export type ApiOk<T extends object = object> = { status: 1 } & T;
export type ApiError = { status: 0; message: string; errors?: Record<string, string> };

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type PageMeta = { total: number; page: number; perPage: number; pageCount: number };

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
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Marimea paginii nu este permisa.')
    .default(DEFAULT_PAGE_SIZE),
};
