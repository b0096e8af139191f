/** The outbox: what features and the process entry use (SQL stays in repository.ts). */
export { cancel, countFailed, findState, listMessages, retryNow } from './repository';
export { createOutboxWorker } from './worker';
