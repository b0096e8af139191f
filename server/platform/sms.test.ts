/**
 * The SMS channel against a local gateway speaking smsadvert.ro's JSON API (server/test/sms-gateway.ts):
 * what the gateway is sent, which answers are final and which are tried again, a gateway down
 * for a while delivers every message later exactly once, a slow gateway ends in a timeout and a
 * retry, and without SMS_URL every SMS is a JSON file under DATA_DIR/sms.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isGsm7 } from '../../domain/sms';
import { outbox } from '../db/schema';
import { setupTestApp } from '../test/harness';
import { ownMessagesPerTest } from '../test/outbox';
import { TestSmsGateway } from '../test/sms-gateway';
import { closedPort } from '../test/smtp';
import { insertMessage } from './outbox/repository';
import { createOutboxWorker, type OutboxLog } from './outbox/worker';
import { smsSender } from './sms';

const ctx = await setupTestApp();
const db = ctx.database.db;
const gateways: TestSmsGateway[] = [];

async function gateway(mode: TestSmsGateway['mode'] = 'accept') {
  const g = await new TestSmsGateway().listen();
  g.mode = mode;
  gateways.push(g);
  return g;
}

function worker(
  url: string | undefined,
  o: { token?: string; timeoutMs?: number; log?: OutboxLog; sender?: 'short' | 'device' } = {},
) {
  return createOutboxWorker(db, {
    senders: [
      smsSender({
        url,
        sender: o.sender,
        token: o.token ?? 'test-sms-token',
        smsDir: path.join(ctx.dataDir, 'sms'),
        timeoutMs: o.timeoutMs ?? 10_000,
      }),
    ],
    maxInFlight: 2,
    sendTimeoutMs: 30_000,
    log: o.log,
  });
}

const sms = (to: string, text: string) => insertMessage(db, { channel: 'sms', to, subject: '', text });
const rowsOf = ownMessagesPerTest(db);
/** The backoff has passed: what is waiting is due now (the tests' way to move time). */
const backoffPassed = () =>
  db
    .update(outbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(inArray(outbox.state, ['pending']));

afterAll(async () => {
  for (const g of gateways) await g.close();
});

describe('SMS through the gateway', () => {
  it("sends the number and a GSM-7 text with the token, as the gateway's API documents", async () => {
    const g = await gateway();
    const id = await sms('+40722123456', 'Programarea dumneavoastră: mâine, ora 09:30 – Cardiologie');
    expect(await worker(g.url).runUntilIdle()).toBe(1);
    expect(g.accepted).toHaveLength(1);
    const r = g.accepted[0];
    expect(r.authorization).toBe('test-sms-token');
    expect(r.contentType).toMatch(/application\/json/);
    expect(r.body).toEqual({
      phone: '+40722123456',
      shortTextMessage: 'Programarea dumneavoastra: maine, ora 09:30 - Cardiologie',
      sendAsShort: true,
    });
    expect(isGsm7(String(r.body.shortTextMessage))).toBe(true);
    const [row] = await rowsOf([id]);
    expect(row.state).toBe('sent');
  });

  it("sends through the account's phones with the gateway's network as failover when SMS_SENDER=device", async () => {
    const g = await gateway();
    await sms('+40722123457', 'Text');
    expect(await worker(g.url, { sender: 'device' }).runUntilIdle()).toBe(1);
    expect(g.accepted.map((r) => r.body)).toEqual([
      { phone: '+40722123457', shortTextMessage: 'Text', failover: 'short' },
    ]);
  });

  it('gives up at once on a message the gateway refuses (400), without the number in the stored error', async () => {
    const g = await gateway('reject');
    const warnings: Record<string, unknown>[] = [];
    const log: OutboxLog = { warn: (o) => warnings.push(o), error: () => {} };
    const id = await sms('+40722000111', 'Text');
    expect(await worker(g.url, { log }).runUntilIdle()).toBe(0);
    const [row] = await rowsOf([id]);
    expect(row.state).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/^SMS_HTTP 400/);
    expect(row.lastError).not.toContain('722000111');
    expect(warnings).toEqual([expect.objectContaining({ errorClass: 'SMS_HTTP 400', giveUp: true })]);
    expect(JSON.stringify(warnings)).not.toContain('722000111');
  });

  it('keeps a message for later when the token is refused (401): the configuration gets fixed', async () => {
    const g = await gateway();
    const id = await sms('+40722000112', 'Text');
    expect(await worker(g.url, { token: 'wrong' }).runUntilIdle()).toBe(0);
    const [row] = await rowsOf([id]);
    expect(row.state).toBe('pending');
    expect(row.lastError).toMatch(/^SMS_HTTP 401/);
    await backoffPassed();
    expect(await worker(g.url).runUntilIdle()).toBe(1);
    expect(g.accepted).toHaveLength(1);
  });

  it('delivers every message exactly once after the gateway was down for a while', async () => {
    const g = await gateway('down');
    const ids = [
      await sms('+40722000201', 'Mesaj 1'),
      await sms('+40722000202', 'Mesaj 2'),
      await sms('+40722000203', 'Mesaj 3'),
    ];
    const w = worker(g.url);
    // Down: two rounds of attempts, each answered 503 and rescheduled with a backoff.
    for (let round = 1; round <= 2; round++) {
      expect(await w.runUntilIdle()).toBe(0);
      const rows = await rowsOf(ids);
      expect(rows.map((r) => [r.state, r.attempts])).toEqual(ids.map(() => ['pending', round]));
      expect(rows.every((r) => r.lastError?.startsWith('SMS_HTTP 503'))).toBe(true);
      // Not due again before its backoff: nothing is sent early.
      expect(await w.runUntilIdle()).toBe(0);
      await backoffPassed();
    }
    g.mode = 'accept';
    expect(await w.runUntilIdle()).toBe(3);
    // Nothing is left to send, however often the worker looks.
    await backoffPassed();
    expect(await w.runUntilIdle()).toBe(0);
    expect(g.accepted.map((r) => r.body.phone).sort()).toEqual([
      '+40722000201',
      '+40722000202',
      '+40722000203',
    ]);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => [r.state, r.attempts])).toEqual(ids.map(() => ['sent', 3]));
  });

  it('retries a message when the gateway cannot be reached', async () => {
    const port = await closedPort();
    const id = await sms('+40722000301', 'Text');
    expect(await worker(`http://127.0.0.1:${port}/api/sms/`).runUntilIdle()).toBe(0);
    const [row] = await rowsOf([id]);
    expect(row.state).toBe('pending');
    expect(row.lastError).toMatch(/^SMS_NET/);
  });

  it('ends the wait on a gateway that does not answer (timeout) and sends the message later', async () => {
    const g = await gateway('slow');
    const id = await sms('+40722000401', 'Text');
    const w = worker(g.url, { timeoutMs: 300 });
    const asked = g.nextRequest();
    expect(await w.runUntilIdle()).toBe(0);
    await asked;
    const [row] = await rowsOf([id]);
    expect(row.state).toBe('pending');
    expect(row.lastError).toMatch(/^SMS_TIMEOUT/);
    g.mode = 'accept';
    await backoffPassed();
    expect(await w.runUntilIdle()).toBe(1);
    expect((await rowsOf([id]))[0].state).toBe('sent');
    expect(g.accepted).toHaveLength(1);
  });
});

describe('SMS without a gateway', () => {
  it('writes each SMS to DATA_DIR/sms/<id>.json as {to, text}, in GSM-7', async () => {
    const id = await sms('+40722000501', 'Bună ziua! Programarea e confirmată.');
    expect(await worker(undefined).runUntilIdle()).toBe(1);
    const dir = path.join(ctx.dataDir, 'sms');
    const file = `${String(id).padStart(6, '0')}.json`;
    // Only the finished file is there: no temporary file is left behind.
    expect((await readdir(dir)).filter((f) => f.includes(String(id)))).toEqual([file]);
    expect(JSON.parse(await readFile(path.join(dir, file), 'utf8'))).toEqual({
      to: '+40722000501',
      text: 'Buna ziua! Programarea e confirmata.',
    });
    expect((await rowsOf([id]))[0].state).toBe('sent');
  });
});
