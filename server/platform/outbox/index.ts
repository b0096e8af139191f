/** The outbox: what features and the process entry use (SQL stays in repository.ts). */
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
  type NewOutboxRow,
  retryNow,
} from './repository';
export { createOutboxWorker } from './worker';
