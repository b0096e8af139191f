/** The outbox: what features and the process entry use (SQL stays in repository.ts). */
export { type ChannelSender, type OutboxMessage, SendError } from './channels';
export { cancel, countFailed, findState, listMessages, retryNow } from './repository';
export {
  backoffSeconds,
  createOutboxWorker,
  MAX_ATTEMPTS,
  type OutboxLog,
  type OutboxWorker,
} from './worker';
