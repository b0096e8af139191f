import { MY_ACCOUNT_MESSAGES as M } from '../../../domain/my-account';
import { isRefusal, notify } from '../../lib/notify';

const TITLES = { create: M.writeFailed, update: M.updateFailed, delete: M.deleteFailed } as const;

/**
 * A failed time-off or feed write. The server refusing it (an overlapping period, a period deleted
 * meanwhile) says why in Romanian; only a failure to communicate shows the spec's texts (SPEC §8).
 */
export function notifyTimeOffFailure(action: keyof typeof TITLES, err: unknown) {
  if (isRefusal(err)) notify('error', err.message, { title: M.refusedTitle });
  else notify('error', M.failureText, { title: TITLES[action] });
}
