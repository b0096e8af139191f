/**
 * SIGTERM in the middle of a send (the relay has the message and has not answered yet): the
 * server stops, but only after the send finished and its result was recorded; the next start
 * finds the message sent, not queued for a second copy.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { outbox } from '../../db/schema';
import { TestRelay } from '../../test/smtp';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-outbox-stop-'));
const port = 3990 + Math.floor(Math.random() * 9);
const relay = await new TestRelay().listen();
let child: ReturnType<typeof spawn> | undefined;
// A failed run must not leave its server holding the port and the data directory.
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  return relay.close();
});

async function until(cond: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('stopping the server while a message is being sent', () => {
  it('lets the send finish and records it before exiting', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DEMO_DATA: 'auto',
        DEMO_PASSWORD: 'Oprire-Demo-Parola-2026',
        SMTP_URL: relay.url,
        TEST_DATABASE_URL: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = child;
    let out = '';
    server.stdout?.on('data', (d) => (out += d));
    server.stderr?.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    await until(() => out.includes('Ready on'), 90_000);

    // The relay reads the message and holds its answer.
    relay.mode = 'late';
    const arrived = relay.nextMessage();
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dr.popa@institut.example', redirectTo: '/user/reset-password' }),
    });
    expect(res.status).toBe(200);
    await arrived;

    server.kill('SIGTERM');
    // Stopped claiming, and waiting on the send: the process is still there.
    await until(() => out.includes('waiting for the sends in flight'), 20_000);
    expect(server.exitCode).toBeNull();
    relay.release();
    expect(await exited).toBe(0);
    const stored = relay.stored.filter((m) => m.to === 'dr.popa@institut.example');
    expect(stored).toHaveLength(1);

    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      const rows = await database.db.select().from(outbox).where(eq(outbox.to, 'dr.popa@institut.example'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ state: 'sent', attempts: 1, leaseUntil: null });
      expect(stored[0].messageId).toContain(rows[0].messageKey);
    } finally {
      await database.close();
    }
  }, 150_000);
});
