import { notifications } from '@mantine/notifications';
import { API_MESSAGES, ApiError } from '../../lib/api';

/** Success toasts last 4000 ms (SPEC §9), like the rest of the back office. */
export function toastOk(message: string) {
  notifications.show({ message, color: 'green', autoClose: 4000 });
}

/** The server's Romanian reason (409 last superadmin, overlap...) or the generic text. */
export function toastError(err: unknown) {
  const message = err instanceof ApiError ? err.message : API_MESSAGES.generic;
  notifications.show({ message, color: 'red', autoClose: 6000 });
}

/** Runs a mutation and shows its outcome; resolves true on success. */
export async function withToast(run: () => Promise<{ message?: string }>): Promise<boolean> {
  try {
    const r = await run();
    if (r.message) toastOk(r.message);
    return true;
  } catch (err) {
    toastError(err);
    return false;
  }
}
