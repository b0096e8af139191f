import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/notify';

/** better-auth answers in English with a code; the ones a user can cause, in Romanian. */
export function authMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return errorMessage(err);
  switch (err.code) {
    case 'INVALID_PASSWORD':
      return 'Parola curentă nu este corectă.';
    case 'INVALID_CODE':
    case 'INVALID_TWO_FACTOR_CODE':
      return 'Codul introdus nu este corect sau a expirat.';
    default:
      return err.status === 429 ? 'Prea multe încercări. Așteptați un minut.' : err.message;
  }
}
