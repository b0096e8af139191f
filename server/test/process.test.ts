/**
 * The server as an operator runs it: a second process on the same data directory is refused,
 * Ctrl-C (SIGINT) stops it within 5 seconds, and the next start keeps the data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-proc-'));
const DEMO_PASSWORD = 'Proces-Demo-Parola-2026';
const port = 3900 + Math.floor(Math.random() * 90);

function startServer(extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'auto',
      DEMO_PASSWORD,
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(cond: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server process', () => {
  let first: ReturnType<typeof startServer> & { child: ChildProcess };

  it('starts on an embedded database and answers', async () => {
    first = startServer();
    await waitFor(() => first.output().includes('Ready on'), 60000);
    expect(first.output()).toContain('Demo sign-in');
    expect(first.output()).toContain(DEMO_PASSWORD);
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(res.status).toBe(200);
  }, 70000);

  it('refuses a second process on the same data directory with a clear message', async () => {
    const second = startServer({ PORT: String(port + 1) });
    const code = await second.exited;
    expect(code).toBe(3);
    expect(second.output()).toContain('already in use by another server process');
  }, 60000);

  it('stops within 5 seconds on SIGINT and keeps the data for the next start', async () => {
    const t = Date.now();
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(Date.now() - t).toBeLessThan(5000);

    const again = startServer();
    await waitFor(() => again.output().includes('Ready on'), 60000);
    expect(again.output()).not.toContain('already in use');
    expect(again.output()).not.toContain('Demo sign-in'); // not seeded twice
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dr.popa@institut.example', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90000);
});
