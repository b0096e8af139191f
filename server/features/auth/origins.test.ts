/** Sign-in from whatever address the server is reached by (issue 19 item 1; decision 0031). */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createStaffUser } from '../../platform/auth/staff';
import { listeningAddresses } from '../../platform/origins';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';

let n = 0;
async function staff(ctx: TestContext) {
  const email = `origin${++n}@test.example`;
  await createStaffUser(ctx.database.db, {
    firstName: 'Ana',
    lastName: 'Test',
    doctor: true,
    authorized: true,
    email,
    password: TEST_PASSWORD,
  });
  return email;
}

const signIn = (ctx: TestContext, email: string, host: string, origin: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    // A browser's cookie (any): better-auth checks the Origin of requests that carry cookies.
    headers: { host, origin, cookie: 'mantine-color-scheme=light' },
    payload: { email, password: TEST_PASSWORD },
  });

describe('without PUBLIC_URL (the embedded default)', async () => {
  const ctx = await setupTestApp({
    env: { PUBLIC_URL: '', TRUSTED_ORIGINS: 'https://portal.example' },
    auth: { signInPerMinute: 1000, checkOrigin: true },
  });

  it('signs in on another address when the Origin is the Host the request came to', async () => {
    const email = await staff(ctx);
    const res = await signIn(ctx, email, '127.0.0.2:3000', 'http://127.0.0.2:3000');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('session_token');
    // A write of the app itself from that address passes the same-origin check too.
    const other = await signIn(ctx, email, '192.168.1.20:3000', 'http://192.168.1.20:3000');
    expect(other.statusCode).toBe(200);
  });

  it('refuses an Origin other than the Host, and accepts TRUSTED_ORIGINS', async () => {
    const email = await staff(ctx);
    expect((await signIn(ctx, email, '127.0.0.2:3000', 'http://evil.example')).statusCode).toBe(403);
    expect((await signIn(ctx, email, '127.0.0.2:3000', 'http://localhost:3000')).statusCode).toBe(403);
    expect((await signIn(ctx, email, '127.0.0.2:3000', 'https://portal.example')).statusCode).toBe(200);
  });

  it('sends reset links on the address in use when it is this machine, else on the default', async () => {
    const email = await staff(ctx);
    const reset = async (host: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { host, origin: `http://${host}` },
        payload: { email, redirectTo: '/user/reset-password' },
      });
      expect(res.statusCode).toBe(200);
      const [mail] = await ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, email))
        .orderBy(desc(outbox.id))
        .limit(1);
      return mail.text;
    };
    expect(await reset('127.0.0.2:3000')).toContain('http://127.0.0.2:3000/api/auth/reset-password/');
    // A forged Host never reaches an e-mail.
    const forged = await reset('evil.example');
    expect(forged).not.toContain('evil.example');
    expect(forged).toContain('http://localhost:3000/api/auth/reset-password/');
  });
});

describe('with PUBLIC_URL', async () => {
  const ctx = await setupTestApp({
    env: { PUBLIC_URL: 'https://clinica.example', TRUSTED_ORIGINS: 'https://portal.example/' },
    auth: { signInPerMinute: 1000, checkOrigin: true },
  });

  it('accepts that origin and TRUSTED_ORIGINS only', async () => {
    const email = await staff(ctx);
    expect((await signIn(ctx, email, 'clinica.example', 'https://clinica.example')).statusCode).toBe(200);
    expect((await signIn(ctx, email, 'clinica.example', 'https://portal.example')).statusCode).toBe(200);
    expect((await signIn(ctx, email, 'evil.example', 'https://evil.example')).statusCode).toBe(403);
  });
});

describe('the start banner', () => {
  it('lists every address of a server listening on all interfaces', () => {
    const all = listeningAddresses('0.0.0.0', 3000);
    expect(all[0]).toBe('http://localhost:3000');
    expect(all).toContain('http://127.0.0.1:3000');
    expect(listeningAddresses('127.0.0.2', 3000)).toEqual(['http://127.0.0.2:3000']);
  });
});
