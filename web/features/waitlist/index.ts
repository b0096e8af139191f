/** What other features may use of the waitlist: the add modal (patient detail) and a calendar's list. */
export { AddToWaitlistButton, AddToWaitlistModal } from './add-to-waitlist-modal';
export { WaitlistPanel } from './waitlist-panel';
