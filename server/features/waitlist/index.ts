/** What other features use of the waitlist: the hook a freed slot calls, the offers the self-service page answers. */
export {
  acceptOffer,
  declineOffer,
  offerOfToken,
  offerState,
  openOffer,
  processWaitlist,
  scheduleWaitlist,
  slotFreedHook,
  waitlistDeps,
} from './service';
