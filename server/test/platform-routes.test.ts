import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { emailSender, enqueueMail } from '../platform/mail';
import { createOutboxWorker } from '../platform/outbox';
import { setupTestApp } from './harness';

const ctx = await setupTestApp();
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('platform routes', () => {
  it('reports the process and the database', async () => {
    expect((await get('/api/health')).json()).toMatchObject({ status: 1 });
    expect((await get('/api/ready')).json()).toEqual({ status: 1, database: 'ok' });
  });

  it('lists the 42 counties with Romanian names', async () => {
    const res = await get('/api/misc/states');
    const data = res.json().data as { iso_code: string; name: string }[];
    expect(data).toHaveLength(42);
    expect(data).toContainEqual({ iso_code: 'RO-B', name: 'București' });
    expect(data).toContainEqual({ iso_code: 'RO-BN', name: 'Bistrița-Năsăud' });
    // In Romanian order, as a list of counties is read (issue 54): not "…Vrancea, București, Călărași".
    const names = data.map((c) => c.name);
    expect(names.slice(8, 14)).toEqual(['Brăila', 'București', 'Buzău', 'Caraș-Severin', 'Călărași', 'Cluj']);
    expect(names.at(-1)).toBe('Vrancea');
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: 'Resursa nu a fost găsită.' });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/SyntaxError|at .*\.js/);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/misc/states');
  });

  it('sends the security headers', async () => {
    const res = await get('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('outbox', () => {
  it('writes each pending message once as an .eml file when no SMTP server is configured', async () => {
    const mailDir = path.join(ctx.dataDir, 'mail');
    const id = await enqueueMail(ctx.database.db, {
      to: 'pacient@test.example',
      subject: 'Confirmare programare',
      text: 'Vă așteptăm la 08:00.',
    });
    const worker = createOutboxWorker(ctx.database.db, {
      senders: [emailSender({ mailDir, from: 'no-reply@test.example' })],
      maxInFlight: 2,
      sendTimeoutMs: 10_000,
    });
    expect(await worker.runUntilIdle()).toBeGreaterThanOrEqual(1);
    expect(await worker.runUntilIdle()).toBe(0);
    const file = path.join(mailDir, `${String(id).padStart(6, '0')}.eml`);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('Subject: Confirmare programare');
    expect(readdirSync(mailDir).length).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row.state).toBe('sent');
    expect(row.sentAt).not.toBeNull();
  });
});
