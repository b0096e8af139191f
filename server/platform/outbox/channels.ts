/**
 * One sender per channel. The worker claims rows of the channels it has a sender for and hands
 * each to its sender outside any transaction; adding SMS is writing an `sms` sender (it sends
 * `messageKey` as the gateway's idempotency key) and passing it to the worker.
 */
import type { ClaimedMessage } from './repository';

export type OutboxMessage = Pick<
  ClaimedMessage,
  'id' | 'channel' | 'messageKey' | 'to' | 'subject' | 'text' | 'html' | 'attachments' | 'attempts'
>;

export interface ChannelSender {
  readonly channel: string;
  /** Delivers one message or throws (a `SendError` when the failure is known to be final). */
  send(message: OutboxMessage): Promise<void>;
  close(): void;
}

/** A failure the worker can classify: `errorClass` is logged, `permanent` gives up at once. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly errorClass: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** The failure's class for the log (never its message: relays echo addresses in it). */
export function classify(err: unknown): { errorClass: string; permanent: boolean; message: string } {
  if (err instanceof SendError)
    return { errorClass: err.errorClass, permanent: err.permanent, message: err.message };
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown; name?: unknown };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : 'Error';
  const responseCode = typeof e?.responseCode === 'number' ? e.responseCode : undefined;
  // A 5xx to the envelope or the data (the mailbox does not exist, the message is refused) will
  // be refused again; anything else (timeouts, a relay down, 4xx) is worth another attempt.
  const permanent =
    responseCode !== undefined && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE');
  return {
    errorClass: responseCode ? `${code} ${responseCode}` : code,
    permanent,
    message: typeof e?.message === 'string' ? e.message : String(err),
  };
}
