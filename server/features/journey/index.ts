/** What other features use of the patient journey: the messages a change to an appointment sends. */
export { type Journey, journeyFor, staleJourneyMessage } from './service';
