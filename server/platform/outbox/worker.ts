/**
 * The outbox worker: claims due messages with a lease (committed before any network I/O), sends
 * at most `maxInFlight` at a time per channel outside any transaction (so a hung mail relay never
 * delays an SMS), each cut off after `sendTimeoutMs`,
 * and records each result in its own short statement. `stop()` stops claiming, lets the sends in
 * flight finish or time out and records their results (docs/decisions/0026-outbox-leases.md), so a
 * clean stop sends nothing twice; a hard crash can, once per message then in flight (0039).
 */
import { maskRecipientsIn } from '../../../domain/outbox';
import type { Db } from '../../db/client';
import type { Clock } from '../clock';
import { type ChannelSender, classify, SendError } from './channels';
import { hasLinks, type LinkResolver, withLinks } from './links';
import { type ClaimedMessage, claimDue, markExpired, markFailed, markSent, sentRecently } from './repository';

/** After this many attempts a message is `failed` and shows on the dashboard. */
export const MAX_ATTEMPTS = 20;

/** Back off: 30 s, 1 min, 2 min ... capped at 1 hour (about 13 hours for 20 attempts). */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

export type OutboxLog = {
  info?(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
};

export type WorkerOptions = {
  senders: ChannelSender[];
  /** Sends under way at once, per channel: each channel has its own slots. */
  maxInFlight: number;
  sendTimeoutMs: number;
  /** How often to look for due messages. */
  intervalMs?: number;
  log?: OutboxLog;
  /**
   * Told once a message is delivered or given up on (after its state is recorded), so what the
   * message carries can show the truth (a letter's document is "sent" only once delivered).
   */
  onSettled?: (outboxId: number, outcome: 'sent' | 'failed') => Promise<void>;
  /**
   * The clock a message's not-before time (a reminder's hour) is compared with; the database's
   * own clock when absent (production: one clock for every node). Tests pass theirs to move time.
   */
  clock?: Clock;
  /**
   * Why a claimed message is no longer worth sending (a reminder whose appointment has begun
   * while the gateway was down), or null to send it. Such a message is cancelled, not sent.
   */
  expired?: (message: ClaimedMessage, now: Date) => string | null;
  /**
   * The working links of the placeholders a message keeps instead (./links.ts): put in just
   * before the send, never stored. A message whose link no longer opens is cancelled.
   */
  links?: LinkResolver;
  /**
   * Sends allowed per hour and per day on a channel (SMS: SMS_PER_HOUR, SMS_PER_DAY). Past one,
   * the channel's messages wait (still pending) until the hour or the day has room again, and the
   * log says so once each time the budget is reached.
   */
  budgets?: Partial<Record<string, ChannelBudget>>;
};

export type ChannelBudget = { perHour: number; perDay: number };

/** What a channel may still send now within its budget. */
export async function budgetLeft(db: Db, channel: string, budget: ChannelBudget) {
  const sent = await sentRecently(db, channel);
  return { sent, left: Math.max(0, Math.min(budget.perHour - sent.hour, budget.perDay - sent.day)) };
}

export function createOutboxWorker(db: Db, opts: WorkerOptions) {
  const senders = new Map(opts.senders.map((s) => [s.channel, s]));
  const channels = [...senders.keys()];
  // Longer than any send may take, so a live node is never overtaken by another.
  const leaseSeconds = Math.ceil(opts.sendTimeoutMs / 1000) + 60;
  const inFlight = new Map(channels.map((c) => [c, new Set<Promise<boolean>>()]));
  const allInFlight = () => [...inFlight.values()].flatMap((sends) => [...sends]);
  let stopping = false;
  let claiming: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  /** Messages this worker has sent since it was made. */
  let delivered = 0;

  async function deliver(row: ClaimedMessage): Promise<boolean> {
    const stale = opts.expired?.(row, opts.clock?.now() ?? new Date());
    if (stale) {
      await record(row, () => markExpired(db, row.id, row.attempts, stale));
      return false;
    }
    const sender = senders.get(row.channel);
    try {
      if (!sender) throw new SendError(`no sender for channel ${row.channel}`, 'NOSENDER');
      const message = await linksIn(row);
      if (!message) {
        await record(row, () => markExpired(db, row.id, row.attempts, "the patient's link no longer opens"));
        return false;
      }
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        sender.send(message),
        new Promise<never>((_, reject) => {
          deadline = setTimeout(
            () => reject(new SendError(`not sent within ${opts.sendTimeoutMs} ms`, 'DEADLINE')),
            opts.sendTimeoutMs,
          );
        }),
      ]).finally(() => clearTimeout(deadline));
    } catch (err) {
      const f = classify(err);
      const giveUp = f.permanent || row.attempts >= MAX_ATTEMPTS;
      // One warning per failed attempt: which message, which channel, what kind of failure;
      // never the address or the subject (they name patients).
      opts.log?.warn(
        { outboxId: row.id, channel: row.channel, errorClass: f.errorClass, attempt: row.attempts, giveUp },
        'outbox: delivery attempt failed',
      );
      const recorded = await record(row, () =>
        markFailed(db, row.id, row.attempts, {
          error: `${f.errorClass}: ${maskRecipientsIn(f.message)}`,
          giveUp,
          retryInSeconds: backoffSeconds(row.attempts),
        }),
      );
      if (recorded && giveUp) await settled(row, 'failed');
      return false;
    }
    const sent = await record(row, () => markSent(db, row.id, row.attempts));
    if (sent) {
      delivered++;
      await settled(row, 'sent');
    }
    return sent;
  }

  async function linksIn(row: ClaimedMessage): Promise<ClaimedMessage | null> {
    if (!hasLinks(`${row.text}${row.html ?? ''}`)) return row;
    if (!opts.links) throw new SendError('a patient link to put in, and no resolver', 'NOLINKS');
    return withLinks(row, opts.links);
  }

  async function settled(row: ClaimedMessage, outcome: 'sent' | 'failed') {
    try {
      await opts.onSettled?.(row.id, outcome);
    } catch (err) {
      opts.log?.error(
        { outboxId: row.id, channel: row.channel, errorClass: classify(err).errorClass },
        'outbox: could not apply a delivery outcome',
      );
    }
  }

  /** A result that cannot be written (database down) is left to the lease: the row comes due again. */
  async function record(row: ClaimedMessage, write: () => Promise<boolean>): Promise<boolean> {
    try {
      return await write();
    } catch (err) {
      opts.log?.error(
        { outboxId: row.id, channel: row.channel, errorClass: classify(err).errorClass },
        'outbox: could not record a delivery result',
      );
      return false;
    }
  }

  /**
   * Claims what each channel's free slots allow and starts sending it; returns how many were
   * claimed. The timer's ticks (`lapsed`) also take back messages whose lease lapsed; the ticks
   * that refill a slot as each send ends do not, so a busy queue does not look for them once per
   * message.
   */
  async function tick({ lapsed = true }: { lapsed?: boolean } = {}): Promise<number> {
    if (stopping) return 0;
    if (claiming) return claiming;
    claiming = (async () => {
      let claimed = 0;
      for (const [channel, sends] of inFlight) {
        // A stop during the claim: what is claimed is sent and recorded, nothing more is claimed
        // (fewer sends in flight if the stop is followed by a kill).
        if (stopping) break;
        let free = opts.maxInFlight - sends.size;
        const budget = opts.budgets?.[channel];
        if (free > 0 && budget) free = Math.min(free, await withinBudget(channel, budget));
        if (free < 1) continue;
        const rows = await claimDue(db, [channel], free, leaseSeconds, MAX_ATTEMPTS, opts.clock?.now(), {
          lapsed,
        });
        for (const row of rows) {
          const p: Promise<boolean> = deliver(row).finally(() => {
            sends.delete(p);
            // A slot is free: fill it now rather than at the next interval.
            if (!stopping && timer) void tick({ lapsed: false }).catch(onTickError);
          });
          sends.add(p);
        }
        claimed += rows.length;
      }
      return claimed;
    })().finally(() => {
      claiming = null;
    });
    return claiming;
  }

  const atBudget = new Set<string>();
  async function withinBudget(channel: string, budget: ChannelBudget): Promise<number> {
    const { sent, left } = await budgetLeft(db, channel, budget);
    if (left > 0) atBudget.delete(channel);
    else if (!atBudget.has(channel)) {
      atBudget.add(channel);
      opts.log?.warn(
        { channel, sentLastHour: sent.hour, sentLastDay: sent.day, ...budget },
        'outbox: the channel reached its budget; its messages wait until there is room',
      );
    }
    return left;
  }

  function onTickError(err: unknown) {
    opts.log?.error({ errorClass: classify(err).errorClass }, 'outbox: could not claim messages');
  }

  return {
    tick,
    /** How many sends are under way on this node. */
    get inFlight() {
      return allInFlight().length;
    },
    /** Sends everything due now (tests, scripts): returns how many were recorded as sent. */
    async runUntilIdle(): Promise<number> {
      // Counted as each send is recorded: a send can end (and leave the in-flight set) before
      // the tick that started it has claimed the other channels' messages.
      const before = delivered;
      for (;;) {
        const claimed = await tick();
        await Promise.all(allInFlight());
        if (claimed === 0 && allInFlight().length === 0) return delivered - before;
      }
    },
    start() {
      if (timer || stopping) return;
      timer = setInterval(() => void tick().catch(onTickError), opts.intervalMs ?? 2000);
      timer.unref();
    },
    /** Stops claiming, waits for the sends in flight (each ends within sendTimeoutMs) and their records. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await claiming?.catch(() => 0);
      const sends = allInFlight();
      if (sends.length)
        opts.log?.info?.({ inFlight: sends.length }, 'outbox: stopping, waiting for the sends in flight');
      await Promise.allSettled(sends);
      for (const s of senders.values()) s.close();
    },
  };
}
