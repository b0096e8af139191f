import { notifications } from '@mantine/notifications';
import { ApiError } from '../../lib/api';

/** Success toasts last 4000 ms (SPEC §9). */
export function toastSuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: 4000 });
}

/**
 * A failure toast with the spec's text; when the server gave a specific reason (a slot just
 * taken, a doctor on leave) it is shown as the title, so staff know what to change.
 */
export function toastFailure(specText: string, err: unknown, autoClose = 5000) {
  const reason =
    err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message !== specText
      ? err.message
      : undefined;
  notifications.show({ title: reason, message: specText, color: 'red', autoClose });
}
