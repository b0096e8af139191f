/**
 * What other features use of privacy: the consent a public request records, the consent text it
 * shows, and the subscription to a discarded request (the app).
 */
import type { Events } from '../../platform/events';
import { deleteConsentOfRequest } from './repository';

export { currentConsentText } from './repository';

/** Privacy's part in what other features do: a request removed as spam takes its consent with it. */
export function subscribePrivacy(events: Events) {
  events.on('request.discarded', (tx, e) => deleteConsentOfRequest(tx, e.appointmentId));
}
