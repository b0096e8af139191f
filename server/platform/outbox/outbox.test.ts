/**
 * The outbox against a local SMTP relay that refuses, hangs, answers late or drops the connection
 * after the data (server/test/smtp.ts): other queries never wait on a send, a message that may
 * have arrived is retried with the same Message-ID, two workers on one database send each message
 * once, a lapsed lease makes a message due again, and stopping lets the send in flight finish.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../db/client';
import { outbox } from '../../db/schema';
import { makePatient } from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { cancelWaitingMessages, ownMessagesPerTest } from '../../test/outbox';
import { closedPort, TestRelay } from '../../test/smtp';
import { emailSender, enqueueMail, messageIdOf } from '../mail';
import { claimDue, insertMessage, insertMessagesOnce, markSent } from './repository';
import { createOutboxWorker, type OutboxLog } from './worker';

const ctx = await setupTestApp();
const db = ctx.database.db;
const FROM = 'clinica@institut.example';
const relays: TestRelay[] = [];

async function relay(mode: TestRelay['mode'] = 'accept') {
  const r = await new TestRelay().listen();
  r.mode = mode;
  relays.push(r);
  return r;
}

function logs() {
  const warnings: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  const log: OutboxLog = {
    warn: (obj) => warnings.push(obj),
    error: (obj) => errors.push(obj),
  };
  return { log, warnings, errors };
}

function worker(
  url: string,
  o: { on?: Db; maxInFlight?: number; greetingMs?: number; socketMs?: number; log?: OutboxLog } = {},
) {
  return createOutboxWorker(o.on ?? db, {
    senders: [
      emailSender({
        smtpUrl: url,
        mailDir: ctx.dataDir,
        from: FROM,
        greetingTimeoutMs: o.greetingMs ?? 60_000,
        socketTimeoutMs: o.socketMs ?? 60_000,
      }),
    ],
    maxInFlight: o.maxInFlight ?? 2,
    sendTimeoutMs: 60_000,
    log: o.log,
  });
}

const rowsOf = ownMessagesPerTest(db);
const mail = (i: number | string) =>
  enqueueMail(db, { to: `pacient${i}@example.ro`, subject: `Programare ${i}`, text: 'Text' });

afterAll(async () => {
  for (const r of relays) await r.close();
});

describe('outbox with a relay that misbehaves', () => {
  it('answers other requests while a send waits on a relay that never greets', async () => {
    const staff = await signedInStaff(ctx);
    await makePatient(db);
    const r = await relay('hang');
    const id = await mail('hang');
    const w = worker(r.url);

    const connected = r.nextConnection();
    let settled = false;
    const sending = w.runUntilIdle().finally(() => {
      settled = true;
    });
    await connected;

    // The relay holds the connection open and silent; the database is free all the same.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/patients', headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf([id]);
    expect(row.state).toBe('sending');
    expect(row.leaseUntil).not.toBeNull();
    expect(settled).toBe(false);

    r.release();
    expect(await sending).toBe(1);
    expect((await rowsOf([id]))[0].state).toBe('sent');
  });

  it('sends SMS at once while every e-mail slot waits on a hung relay (slots per channel)', async () => {
    const r = await relay('hang');
    const mails = [await mail('hung-1'), await mail('hung-2')];
    const sms = await insertMessagesOnce(
      db,
      [1, 2, 3].map((i) => ({ channel: 'sms', to: `+4072200000${i}`, subject: '', text: `SMS ${i}` })),
    );
    const phone: string[] = [];
    const w = createOutboxWorker(db, {
      senders: [
        emailSender({
          smtpUrl: r.url,
          mailDir: ctx.dataDir,
          from: FROM,
          greetingTimeoutMs: 60_000,
          socketTimeoutMs: 60_000,
        }),
        { channel: 'sms', send: async (m) => void phone.push(m.text), close() {} },
      ],
      maxInFlight: 2,
      sendTimeoutMs: 60_000,
      intervalMs: 100,
    });
    w.start();
    // Both e-mail slots are held by the silent relay; the three SMS go all the same.
    await expect.poll(() => phone.sort(), { timeout: 5000 }).toEqual(['SMS 1', 'SMS 2', 'SMS 3']);
    await expect.poll(async () => (await rowsOf(sms)).map((m) => m.state)).toEqual(['sent', 'sent', 'sent']);
    expect((await rowsOf(mails)).map((m) => m.state)).toEqual(['sending', 'sending']);
    r.mode = 'accept';
    r.release();
    await w.stop();
    expect((await rowsOf(mails)).map((m) => [m.state, m.lastError])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
  });

  it('retries a message the relay dropped after its data, with the same Message-ID', async () => {
    const r = await relay('drop');
    const id = await mail('drop');
    const { log, warnings } = logs();
    const w = worker(r.url, { log });

    expect(await w.runUntilIdle()).toBe(0);
    let [row] = await rowsOf([id]);
    expect(row.state).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/^E[A-Z]+/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now()); // backs off
    expect(r.received).toHaveLength(1);
    const first = r.received[0].messageId;
    expect(first).toBe(messageIdOf(row.messageKey, FROM));

    // One warning for the failed attempt: the message, the channel, the kind of failure; no
    // address and no subject.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ outboxId: id, channel: 'email', attempt: 1, giveUp: false });
    expect(String(warnings[0].errorClass)).toMatch(/^E[A-Z]+/);
    expect(JSON.stringify(warnings)).not.toMatch(/pacientdrop|example\.ro|Programare/);

    // Not due yet: nothing is sent again before the back-off.
    expect(await w.runUntilIdle()).toBe(0);
    r.mode = 'accept';
    await db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id));
    expect(await w.runUntilIdle()).toBe(1);
    expect(r.stored).toHaveLength(1);
    expect(r.stored[0].messageId).toBe(first);
    [row] = await rowsOf([id]);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, lastError: null, leaseUntil: null });
  });

  it('gives up on a silent relay after the greeting timeout and keeps the message', async () => {
    const r = await relay('hang');
    const id = await mail('silent');
    const { log, warnings } = logs();
    expect(await worker(r.url, { greetingMs: 200, log }).runUntilIdle()).toBe(0);
    const [row] = await rowsOf([id]);
    expect(row.state).toBe('pending');
    expect(row.lastError).toMatch(/^ETIMEDOUT/);
    expect(warnings.map((w) => w.errorClass)).toEqual(['ETIMEDOUT']);
    r.release();
  });

  it('gives up at once when the relay rejects the recipient for good, with the address masked', async () => {
    const r = await relay('reject');
    const id = await mail('unknown');
    const { log, warnings } = logs();
    expect(await worker(r.url, { log }).runUntilIdle()).toBe(0);
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/^EENVELOPE 550: /);
    expect(row.lastError).toContain('p***@example.ro');
    expect(row.lastError).not.toContain('pacientunknown');
    expect(warnings).toEqual([expect.objectContaining({ errorClass: 'EENVELOPE 550', giveUp: true })]);
  });

  it('keeps messages queued while the relay refuses or is down', async () => {
    const refusing = await relay('refuse');
    const ids = [await mail('r1'), await mail('r2')];
    expect(await worker(refusing.url).runUntilIdle()).toBe(0);
    expect(await worker(`smtp://127.0.0.1:${await closedPort()}`).runUntilIdle()).toBe(0);
    const rows = await rowsOf(ids);
    expect(rows.map((x) => x.state)).toEqual(['pending', 'pending']);
    expect(rows.every((x) => x.attempts === 1 && x.lastError)).toBe(true);
  });

  it('two workers on one database send each message once', async () => {
    const r = await relay();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await mail(`two${i}`));
    // On PostgreSQL the second node has its own pool, as a second process would.
    const other =
      ctx.database.kind === 'postgres' && ctx.database.pool
        ? await openPostgres(String(ctx.database.pool.options.connectionString), 3)
        : null;
    try {
      const [a, b] = await Promise.all([
        worker(r.url, { maxInFlight: 3 }).runUntilIdle(),
        worker(r.url, { maxInFlight: 3, on: other?.db }).runUntilIdle(),
      ]);
      expect(a + b).toBe(12);
    } finally {
      await other?.close();
    }
    const keys = r.stored.map((m) => m.messageId);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
    const rows = await rowsOf(ids);
    expect(rows.every((x) => x.state === 'sent' && x.attempts === 1)).toBe(true);
  });

  it('makes a message due again when its lease lapses, and the old claim can no longer record', async () => {
    const r = await relay();
    const id = await mail('lease');
    // A node claims it, then dies before recording anything.
    const [claimed] = await claimDue(db, ['email'], 1, 60);
    expect(claimed.id).toBe(id);
    const w = worker(r.url);
    expect(await w.runUntilIdle()).toBe(0); // leased: not due

    await db.update(outbox).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(outbox.id, id));
    expect(await w.runUntilIdle()).toBe(1);
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await markSent(db, id, claimed.attempts)).toBe(false);

    // A message whose claims keep lapsing (it kills each node that sends it) stops after 20.
    const poison = await mail('poison');
    await db
      .update(outbox)
      .set({ state: 'sending', attempts: 20, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, poison));
    expect(await w.runUntilIdle()).toBe(0);
    expect((await rowsOf([poison]))[0]).toMatchObject({ state: 'failed', attempts: 20 });
  });

  it('claims the longest-waiting messages first, lapsed leases only when asked', async () => {
    await cancelWaitingMessages(db);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const queue = (subject: string, notBefore: Date) =>
      insertMessage(db, { channel: 'email', to: 'pacient@example.com', subject, text: '.', notBefore });
    const later = await queue('later', ago(1));
    const first = await queue('first', ago(30));
    const future = await queue('future', new Date(Date.now() + 3_600_000));
    const second = await queue('second', ago(20));
    const lapsed = await queue('lapsed', ago(40));
    await db
      .update(outbox)
      .set({ state: 'sending', attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, lapsed));

    const ids = async (o: { lapsed?: boolean }) =>
      (await claimDue(db, ['email'], 2, 60, 20, undefined, o)).map((m) => m.id).sort((a, b) => a - b);
    expect(await ids({ lapsed: false })).toEqual([first, second].sort((a, b) => a - b));
    // The lapsed one waited longest: asked for, it comes before the one left waiting.
    expect(await ids({ lapsed: true })).toEqual([lapsed, later].sort((a, b) => a - b));
    expect(await ids({ lapsed: true })).toEqual([]);
    expect((await rowsOf([future]))[0].state).toBe('pending');
  });

  it('stops claiming on stop, lets the send in flight finish and records it', async () => {
    const r = await relay('late');
    const ids = [await mail('stop1'), await mail('stop2')];
    const w = worker(r.url, { maxInFlight: 1 });
    const arrived = r.nextMessage();
    w.start();
    await w.tick();
    await arrived;

    const stopped = w.stop();
    r.release();
    await stopped;
    const rows = await rowsOf(ids);
    expect(rows.map((x) => x.state)).toEqual(['sent', 'pending']);
    expect(rows[1].attempts).toBe(0);
    expect(r.stored).toHaveLength(1);
  });

  it('a stop during a claim drains what was claimed, claims no other channel, and the next worker sends each message once', async () => {
    const [email] = await insertMessagesOnce(db, [
      { channel: 'email', to: 'drain@example.ro', subject: 'Programare', text: 'E-mail' },
    ]);
    const [sms] = await insertMessagesOnce(db, [
      { channel: 'sms', to: '+40722000009', subject: '', text: 'SMS' },
    ]);
    const sent: string[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const senders = () => [
      {
        channel: 'email',
        send: async (m: { text: string }) => {
          await held; // the relay has the message and has not answered yet
          sent.push(m.text);
        },
        close() {},
      },
      { channel: 'sms', send: async (m: { text: string }) => void sent.push(m.text), close() {} },
    ];
    const first = createOutboxWorker(db, { senders: senders(), maxInFlight: 2, sendTimeoutMs: 60_000 });
    // SIGTERM arrives while the worker is claiming: the e-mail's claim is under way, the SMS's not yet.
    void first.tick();
    let stopped = false;
    const stopping = first.stop().then(() => (stopped = true));
    await expect.poll(async () => (await rowsOf([email]))[0].state).toBe('sending');
    expect(stopped).toBe(false);
    release();
    await stopping;
    const [e, s] = await rowsOf([email, sms]);
    // The send in flight at the stop ended recorded as sent; the SMS was left for the next start.
    expect([e.state, e.attempts, e.leaseUntil]).toEqual(['sent', 1, null]);
    expect([s.state, s.attempts]).toEqual(['pending', 0]);

    const next = createOutboxWorker(db, { senders: senders(), maxInFlight: 2, sendTimeoutMs: 60_000 });
    expect(await next.runUntilIdle()).toBe(1);
    await next.stop();
    expect(sent).toEqual(['E-mail', 'SMS']);
    expect((await rowsOf([email, sms])).map((m) => [m.state, m.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });
});
