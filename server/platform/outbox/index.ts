/** The outbox: what features and the process entry use (SQL stays in repository.ts). */

export type { ChannelSender } from './channels';
export { type LinkResolver, linkPlaceholder } from './links';
export {
  cancel,
  cancelPendingForAppointment,
  countFailed,
  deleteMessagesAbout,
  deliveryOf,
  findState,
  insertMessagesOnce,
  listMessages,
  type MessageSubject,
  messageStates,
  messagesAbout,
  messagesJson,
  type NewOutboxRow,
  replaceWaitingMessages,
  retryNow,
  sentAboutAppointment,
} from './repository';
export { budgetLeft, type ChannelBudget, createOutboxWorker } from './worker';
