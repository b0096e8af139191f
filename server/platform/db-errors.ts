type DbError = { code?: string; message?: string; cause?: unknown };

/** Drizzle wraps the driver's error ("Failed query: ...") and keeps it as `cause`. */
function driverError(err: DbError): DbError {
  let e: DbError = err;
  for (let i = 0; i < 3 && e.cause && typeof e.cause === 'object'; i++) e = e.cause as DbError;
  return e;
}

/** True when an error means the database cannot be reached (connection refused, shut down). */
export function isDatabaseDown(err: DbError): boolean {
  for (const e of [err, driverError(err)]) {
    const code = e.code ?? '';
    if (
      [
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
      ].includes(code)
    )
      return true;
    if (
      /Connection terminated|connection timeout|PGlite is closed|timeout exceeded when trying to connect/i.test(
        e.message ?? '',
      )
    )
      return true;
  }
  return false;
}

/**
 * True for PostgreSQL data exceptions (class 22: a number out of range, an impossible date, a
 * NUL byte in text...): the request carried a value the database cannot hold, so it is a 400.
 */
export function isBadDataValue(err: DbError): boolean {
  const code = driverError(err).code ?? '';
  return code.startsWith('22');
}
