/**
 * E-mail with the SMTP server down: the messages stay in the outbox (pending, retried later) and
 * when the server is back each is delivered exactly once. A real SMTP server (smtp-server) runs
 * in the test on 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { emailSender, enqueueMail } from '../platform/mail';
import { createOutboxWorker } from '../platform/outbox';
import { setupTestApp } from '../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
const received: { to: string; subject: string }[] = [];

function smtpServer() {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d) => (raw += d));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        });
        done();
      });
    },
  });
}

async function listen(server: SMTPServer, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
}

const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

let up: SMTPServer | null = null;
afterAll(async () => {
  if (up) await close(up);
});

describe('mail with the SMTP server down', () => {
  it('keeps the messages in the outbox, then sends each once when the server is back', async () => {
    // Take a free port, then close it: the SMTP server is "down" on that port.
    const probe = smtpServer();
    const port = await listen(probe);
    await close(probe);
    const opts = { smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: ctx.dataDir, from: 'clinica@test.example' };
    const node = () =>
      createOutboxWorker(db, { senders: [emailSender(opts)], maxInFlight: 2, sendTimeoutMs: 10_000 });
    const worker = node();

    const ids = [];
    for (let i = 1; i <= 3; i++)
      ids.push(
        await enqueueMail(db, { to: `pacient${i}@example.ro`, subject: `Programare ${i}`, text: 'Text' }),
      );

    expect(await worker.runUntilIdle()).toBe(0);
    let rows = await db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => r.state)).toEqual(['pending', 'pending', 'pending']);
    expect(rows[0].attempts).toBe(1);
    expect(rows[0].lastError).toBeTruthy();
    expect(rows[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now()); // backs off
    // Still down on the next tick: nothing is due yet, nothing lost.
    expect(await worker.runUntilIdle()).toBe(0);

    up = smtpServer();
    await listen(up, port);
    // The back-off has passed.
    await db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await worker.runUntilIdle()).toBe(3);
    // Later ticks (and a second node's worker) find nothing more to send.
    expect(await worker.runUntilIdle()).toBe(0);
    expect(await node().runUntilIdle()).toBe(0);

    expect(received.map((r) => r.to).sort()).toEqual([
      'pacient1@example.ro',
      'pacient2@example.ro',
      'pacient3@example.ro',
    ]);
    expect(received.map((r) => r.subject).sort()).toEqual(['Programare 1', 'Programare 2', 'Programare 3']);
    rows = await db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    expect((await db.select().from(outbox).where(eq(outbox.id, ids[0])))[0].attempts).toBe(2);
    await worker.stop();
  });
});
