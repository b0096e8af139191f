/**
 * The one notification channel (SPEC §8-9): every toast of the product goes through here, so
 * durations and colours are the spec's everywhere. Mantine's store queues toasts until the
 * (lazy) container mounts.
 *
 * - success: 4000 ms (SPEC §9 "4000 ms for most successes"), green;
 * - error: 5000 ms (the default), red; the login error 3000 ms and the confirm failure 400 ms are
 *   passed by their screens as `autoClose`;
 * - 0 / false: no auto-hide.
 */
import { notifications } from '@mantine/notifications';
import { API_MESSAGES, ApiError } from './api';

export const TOAST_MS = { default: 5000, success: 4000, loginError: 3000, confirmFailure: 400 } as const;

/** SPEC §8 "Notification types": primary, secondary, info, success, warning, error. */
export type Tone = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
/** undefined: the theme's primary colour (the colour-theme switch). */
const COLORS: Record<Tone, string | undefined> = {
  primary: undefined,
  secondary: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

type Options = { title?: string; autoClose?: number | false; id?: string };

export function notify(tone: Tone, message: string, opts: Options = {}) {
  const autoClose = opts.autoClose ?? (tone === 'success' ? TOAST_MS.success : TOAST_MS.default);
  notifications.show({
    id: opts.id,
    color: COLORS[tone],
    title: opts.title,
    message,
    autoClose: autoClose === 0 ? false : autoClose,
    closeButtonProps: { 'aria-label': 'Închide mesajul' },
  });
}

export const notifySuccess = (message: string, opts?: Options) => notify('success', message, opts);

/** The Romanian message of a failure: the server's reason, or the generic text. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError && err.message ? err.message : API_MESSAGES.generic;
}

/** A refusal the user can act on (4xx with the server's reason), as opposed to a failure to communicate. */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500;
}

/** An error toast with the server's reason (or the generic text). */
export const notifyError = (err: unknown, opts?: Options) => notify('error', errorMessage(err), opts);

/**
 * A failure toast with a text the spec names (e.g. 'Nu s-a putut confirma programarea'); when the
 * server gave a specific reason (a slot just taken, a doctor on leave) it is the title, so staff
 * know what to change.
 * @public Part of the one toast API (docs/ARCHITECTURE.md); pages still to move onto it.
 */
export function notifyFailure(specText: string, err: unknown, opts: Options = {}) {
  const reason = isRefusal(err) && err.message !== specText ? err.message : undefined;
  notify('error', specText, { ...opts, title: opts.title ?? reason });
}

/**
 * Runs a write and shows its outcome (its own message on success); resolves true on success.
 * @public Part of the one toast API (docs/ARCHITECTURE.md); pages still to move onto it.
 */
export async function withNotify(
  run: () => Promise<{ message?: string }>,
  onError: (err: unknown) => void = (err) => notifyError(err),
): Promise<boolean> {
  try {
    const r = await run();
    if (r.message) notifySuccess(r.message);
    return true;
  } catch (err) {
    onError(err);
    return false;
  }
}
