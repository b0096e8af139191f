/**
 * What a database error means, read from the driver's SQLSTATE (PGlite and pg report the same
 * codes). Drizzle wraps the driver's error ("Failed query: ...") and keeps it as `cause`, so
 * every check walks the chain.
 */
type DbError = { code?: string; message?: string; constraint?: string; cause?: unknown };

function* chain(err: unknown): Generator<DbError> {
  let e = err as DbError | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = e.cause as DbError | undefined;
  }
}

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
const DOWN_TEXT =
  /Connection terminated|connection timeout|PGlite is closed|timeout exceeded when trying to connect/i;

/** True when an error means the database cannot be reached (connection refused, shut down). */
export function isDatabaseDown(err: unknown): boolean {
  for (const e of chain(err))
    if (DOWN_CODES.has(e.code ?? '') || DOWN_TEXT.test(e.message ?? '')) return true;
  return false;
}

/**
 * True for PostgreSQL data exceptions (class 22: a number out of range, an impossible date, a
 * NUL byte in text...): the request carried a value the database cannot hold, so it is a 400.
 */
export function isBadDataValue(err: unknown): boolean {
  for (const e of chain(err)) if ((e.code ?? '').startsWith('22')) return true;
  return false;
}

export type Violation = { kind: 'unique' | 'foreign-key' | 'exclusion' | 'check'; constraint: string };
const VIOLATIONS: Record<string, Violation['kind']> = {
  '23505': 'unique',
  '23503': 'foreign-key',
  // ON DELETE RESTRICT: a row still referred to.
  '23001': 'foreign-key',
  '23P01': 'exclusion',
  '23514': 'check',
};

/** The integrity constraint an error violated (the database's own answer to a race), or null. */
export function constraintViolation(err: unknown): Violation | null {
  for (const e of chain(err)) {
    const kind = VIOLATIONS[e.code ?? ''];
    if (kind) return { kind, constraint: e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? '' };
  }
  return null;
}
