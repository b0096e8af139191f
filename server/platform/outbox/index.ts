/** The outbox: what features and the process entry use (SQL stays in repository.ts). */
export {
  cancel,
  cancelPendingForAppointment,
  countFailed,
  findState,
  insertMessagesOnce,
  listMessages,
  messagesInsert,
  type NewOutboxRow,
  retryNow,
} from './repository';
export { createOutboxWorker } from './worker';
