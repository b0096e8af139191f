/**
 * What other features use of the patient journey: the messages of a new public request (the
 * registration), the subscription to the appointments' and the waitlist's events (the app), the
 * check of a stale reminder (the outbox worker).
 */
export { formSmsAllowed, journeyFor, staleJourneyMessage, subscribeJourney } from './service';
