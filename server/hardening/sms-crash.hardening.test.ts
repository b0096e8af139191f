/**
 * SIGKILL while an SMS is with the gateway (issue 15): the real server process sends a queued SMS
 * to a local gateway speaking smsadvert.ro's API, which holds its answer; the process is killed
 * mid-send and started again. The message must not be lost: once the lease of the killed
 * attempt runs out it is sent again and recorded as sent, and the gateway accepts it once.
 * (smsadvert.ro has no idempotency key, so a gateway that had already passed the held copy on
 * would deliver it twice at most: docs/decisions/0039-sms-gateway.md.)
 *
 * On PostgreSQL only (TEST_DATABASE_URL): the test writes the SMS row while the server runs, which
 * the embedded database's single-process lock does not allow.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { insertMessagesOnce } from '../platform/outbox';
import { freshDatabase } from '../test/harness';
import { TestSmsGateway } from '../test/sms-gateway';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const running: ChildProcess[] = [];
afterAll(() => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', TEST_DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  running.push(child);
  return { child, output: () => out };
}

describe.runIf(onPostgres)('SIGKILL during an SMS send (PostgreSQL)', () => {
  it('sends the SMS after the restart, once, and records it as sent', async () => {
    const database: Database = await freshDatabase();
    const db = database.db;
    const databaseUrl = String(
      (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    );
    const gateway = await new TestSmsGateway().listen();
    gateway.mode = 'slow';
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-sms-crash-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'off',
      S3_BUCKET: '',
      SMS_URL: gateway.url,
      SMS_TOKEN: gateway.token,
      // The killed attempt's lease is this plus a minute: the retry comes that much later.
      OUTBOX_SEND_TIMEOUT_SECONDS: '5',
    };
    try {
      const [id] = await insertMessagesOnce(db, [
        {
          channel: 'sms',
          to: '+40722000111',
          subject: 'Reamintire',
          text: 'IUBCVT: va reamintim programarea din 04.03.2026 ora 09:00.',
        },
      ]);
      const first = startServer(env);
      const held = await gateway.nextRequest();
      expect(held.body).toMatchObject({ phone: '+40722000111' });
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const [mid] = await db.select().from(outbox).where(eq(outbox.id, id));
      expect(mid.state).not.toBe('sent');

      // The gateway never answered the killed attempt; now it works again.
      gateway.mode = 'accept';
      const second = startServer(env);
      await expect
        .poll(async () => (await db.select().from(outbox).where(eq(outbox.id, id)))[0].state, {
          timeout: 150_000,
          interval: 500,
        })
        .toBe('sent');
      expect(gateway.accepted).toHaveLength(1);
      expect(gateway.accepted[0].body).toMatchObject({
        phone: '+40722000111',
        shortTextMessage: expect.stringContaining('04.03.2026 ora 09:00'),
      });
      // Two attempts reached the gateway in all: the killed one and the one that was answered.
      expect(gateway.received).toHaveLength(2);
      expect(second.output()).not.toContain('40722000111');
      second.child.kill('SIGTERM');
    } finally {
      await gateway.close();
      await database.close();
    }
  }, 240_000);
});
