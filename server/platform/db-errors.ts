/** True when an error means the database cannot be reached (connection refused, shut down). */
export function isDatabaseDown(err: { code?: string; message?: string }): boolean {
  const code = err.code ?? '';
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
  return /Connection terminated|connection timeout|PGlite is closed/i.test(err.message ?? '');
}
