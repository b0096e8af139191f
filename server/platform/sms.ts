/**
 * SMS through the outbox (docs/decisions/0039-sms-gateway.md): writers queue a row with channel
 * 'sms' inside their transaction; the outbox worker hands it to this sender. With SMS_URL the
 * message goes to smsadvert.ro's JSON API (POST {phone, shortTextMessage, sendAsShort} with the
 * token in `Authorization`); without it every SMS is written to DATA_DIR/sms/<id>.json as
 * `{ "to": "+40…", "text": "…" }`, so a newcomer can read what would have gone out.
 *
 * The text is made GSM-7 here as well as by the writers (domain/sms.ts), so no message can
 * leave with a diacritic that would cut its segment to 70 characters.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toGsm7 } from '../../domain/sms';
import type { Config } from '../config';
import { type ChannelSender, type OutboxMessage, SendError } from './outbox/channels';
import type { ChannelBudget } from './outbox/worker';

/** The SMS channel's budget (SMS_PER_HOUR, SMS_PER_DAY): what a flood can cost at most. */
export const smsBudget = (config: Pick<Config, 'SMS_PER_HOUR' | 'SMS_PER_DAY'>): ChannelBudget => ({
  perHour: config.SMS_PER_HOUR,
  perDay: config.SMS_PER_DAY,
});

export type SmsOptions = {
  /** The gateway's send address (SMS_URL); unset: files under `smsDir`. */
  url?: string;
  token?: string;
  /** 'short': the gateway's own network; 'device': the account's phones, the network as failover. */
  sender?: 'short' | 'device';
  smsDir: string;
  timeoutMs?: number;
};

/** What an SMS file holds (and what the gateway is asked to send). */
export type SmsFile = { to: string; text: string };

/** Writes the file whole or not at all: a temporary name, then a rename in the same folder. */
async function writeAtomically(dir: string, name: string, content: string) {
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(tmp, content, { mode: 0o600 });
  await rename(tmp, path.join(dir, name));
}

/**
 * 4xx: the gateway refused this message as it is (a bad number, a text it will not take) and will
 * refuse it again, except 401/403 (a wrong or revoked token: an operator fixes the configuration
 * and the queued messages go), 408 and 429 (try later). 5xx, timeouts and refused connections are
 * temporary.
 */
function classifyStatus(status: number): { permanent: boolean } {
  if (status === 401 || status === 403 || status === 408 || status === 429) return { permanent: false };
  return { permanent: status >= 400 && status < 500 };
}

/** The gateway's answer, at most this long, for the log (masked by the worker before it is stored). */
const ANSWER_CHARS = 200;

export function smsSender(opts: SmsOptions): ChannelSender {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const inFlight = new Set<AbortController>();
  return {
    channel: 'sms',
    async send(m: OutboxMessage) {
      const message: SmsFile = { to: m.to, text: toGsm7(m.text) };
      if (!opts.url) {
        await writeAtomically(
          opts.smsDir,
          `${String(m.id).padStart(6, '0')}.json`,
          `${JSON.stringify(message, null, 2)}\n`,
        );
        return;
      }
      const body =
        opts.sender === 'device'
          ? { phone: message.to, shortTextMessage: message.text, failover: 'short' }
          : { phone: message.to, shortTextMessage: message.text, sendAsShort: true };
      const abort = new AbortController();
      inFlight.add(abort);
      let res: Response;
      try {
        res = await fetch(opts.url, {
          method: 'POST',
          headers: {
            authorization: opts.token ?? '',
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
        });
      } catch (err) {
        const name = (err as { name?: string })?.name;
        if (name === 'TimeoutError')
          throw new SendError(`the SMS gateway did not answer within ${timeoutMs} ms`, 'SMS_TIMEOUT');
        if (name === 'AbortError') throw new SendError('the send was abandoned', 'SMS_ABORTED');
        const cause = (err as { cause?: { code?: string } })?.cause?.code;
        throw new SendError('the SMS gateway could not be reached', cause ? `SMS_NET ${cause}` : 'SMS_NET');
      } finally {
        inFlight.delete(abort);
      }
      const answer = (await res.text().catch(() => '')).slice(0, ANSWER_CHARS);
      if (res.ok) return;
      const { permanent } = classifyStatus(res.status);
      throw new SendError(
        `the SMS gateway answered ${res.status}${answer ? `: ${answer}` : ''}`,
        `SMS_HTTP ${res.status}`,
        permanent,
      );
    },
    close() {
      for (const a of inFlight) a.abort();
    },
  };
}
