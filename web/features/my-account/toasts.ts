import { notifications } from '@mantine/notifications';
import { MY_ACCOUNT_MESSAGES as M } from '../../../domain/my-account';
import { ApiError } from '../../lib/api';

/** SPEC §8: time-off load failure. */
export function toastLoadFailed() {
  notifications.show({ title: M.loadFailed, message: M.failureText, color: 'red' });
}

/** SPEC §8: time-off create, update and delete failures; a specific server reason goes below it. */
export function toastWriteFailed(err: unknown) {
  const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : null;
  notifications.show({
    title: M.writeFailed,
    message: reason ? `${M.failureText}. ${reason}` : M.failureText,
    color: 'red',
  });
}

export function toastSuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: 4000 });
}

/** better-auth answers in English with a code; the ones a user can cause, in Romanian. */
export function authMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return 'A aparut o eroare, va rugam incercati mai tarziu.';
  switch (err.code) {
    case 'INVALID_PASSWORD':
      return 'Parola curenta nu este corecta.';
    case 'INVALID_CODE':
    case 'INVALID_TWO_FACTOR_CODE':
      return 'Codul introdus nu este corect sau a expirat.';
    default:
      return err.status === 429 ? 'Prea multe incercari. Asteptati un minut.' : err.message;
  }
}
