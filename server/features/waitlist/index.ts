/**
 * What other features use of the waitlist: the service (the patient's page accepts and declines
 * offers through it), the offer a token opens, the subscription to freed slots and the timer
 * (the app and main.ts).
 */

export { waitlistRowsOfPatient } from './repository';
export {
  createWaitlistService,
  offerOfToken,
  offerStateNow,
  offerUrl,
  openOffer,
  scheduleWaitlist,
  subscribeWaitlist,
} from './service';
