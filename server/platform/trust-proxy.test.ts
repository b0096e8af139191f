/**
 * Forged client addresses (issue 20 §1): X-Forwarded-For is believed only from the proxies
 * TRUST_PROXY names. By default the connection's address is the client's, for the rate limits
 * and for the audit trail.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { createTestApp, type TestContext } from '../test/harness';

const signIn = (ctx: TestContext, email: string, remoteAddress: string, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'Parola-Gresita-1' },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

/** A route under the global API budget only. */
const ping = (ctx: TestContext, remoteAddress: string, forwardedFor: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/ready',
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

async function failedSignInIps(ctx: TestContext, email: string): Promise<(string | null)[]> {
  const rows = await ctx.database.db
    .select({ ip: auditEvents.ip, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'auth.sign-in-failed'));
  return rows.filter((r) => (r.details as { email?: string }).email === email).map((r) => r.ip);
}

async function withApp(env: Record<string, string>, fn: (ctx: TestContext) => Promise<void>) {
  // Production, where the old default trusted every private and loopback address.
  const ctx = await createTestApp({
    env: { NODE_ENV: 'production', ...env },
    auth: { signInPerMinute: 3 },
    apiRateLimit: 4,
  });
  try {
    await fn(ctx);
  } finally {
    await ctx.app.close();
    await ctx.database.close();
  }
}

describe('client address and forwarding headers', () => {
  it('by default, rotating X-Forwarded-For from one connection shares one sign-in budget and the audit records the connection', () =>
    withApp({}, async (ctx) => {
      const email = 'rotire@test.example';
      const codes: number[] = [];
      for (let i = 1; i <= 5; i++)
        codes.push((await signIn(ctx, email, '10.1.2.3', `198.51.100.${i}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const ips = await failedSignInIps(ctx, email);
      expect(ips.length).toBeGreaterThanOrEqual(3);
      expect(new Set(ips)).toEqual(new Set(['10.1.2.3']));
    }));

  it('by default, rotating X-Forwarded-For shares one API budget (even from loopback)', () =>
    withApp({}, async (ctx) => {
      const codes: number[] = [];
      for (let i = 1; i <= 6; i++) codes.push((await ping(ctx, '127.0.0.1', `198.51.100.${i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    }));

  it('with TRUST_PROXY=127.0.0.1, the header from that proxy gives the client address', () =>
    withApp({ TRUST_PROXY: '127.0.0.1' }, async (ctx) => {
      const email = 'proxy@test.example';
      const codes: number[] = [];
      for (let i = 1; i <= 5; i++)
        codes.push((await signIn(ctx, email, '127.0.0.1', `198.51.100.${i}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401]);
      expect(new Set(await failedSignInIps(ctx, email))).toEqual(
        new Set(['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5']),
      );
      // The API budget is per forwarded client too.
      for (let i = 1; i <= 6; i++)
        expect((await ping(ctx, '127.0.0.1', `192.0.2.${i}`)).statusCode).toBe(200);
      // A connection that is not the named proxy is its own client, whatever it forwards.
      const other: number[] = [];
      for (let i = 1; i <= 5; i++) other.push((await ping(ctx, '203.0.113.9', `192.0.2.${i}`)).statusCode);
      expect(other).toEqual([200, 200, 200, 200, 429]);
    }));
});
