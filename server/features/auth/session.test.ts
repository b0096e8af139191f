import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../domain/auth';
import { auditEvents, outbox, sessions, verifications } from '../../db/schema';
import { ADDRESS_THROTTLED_MESSAGE } from '../../platform/auth/sign-in-guard';
import {
  createTestApp,
  type Staff,
  setupTestApp,
  signedInStaff,
  signIn,
  TEST_PASSWORD,
} from '../../test/harness';

const ctx = await setupTestApp();
const me = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/user-details', headers });

/** The signed-in account's details form, sent as `who`. */
const saveDetails = (who: Staff, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/user-details', headers: who.headers, payload });

describe('sign in and sessions', () => {
  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const s = await signedInStaff(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: s.email, password: 'wrong-password-123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const s = await signedInStaff(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: s.email, password: TEST_PASSWORD },
    });
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('accepts a bearer token for API clients', async () => {
    const s = await signedInStaff(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: s.email, password: TEST_PASSWORD },
    });
    const token = res.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    const who = await me({ authorization: `Bearer ${token}` });
    expect(who.statusCode).toBe(200);
    expect(who.json().email).toBe(s.email);
  });

  it('takes a bearer token as the session it stands for: signed or bare, refused once signed out or forged', async () => {
    const a = await signedInStaff(ctx);
    const b = await signedInStaff(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: a.email, password: TEST_PASSWORD },
    });
    // better-auth hands out the signed cookie value; its part before the dot is the bare token.
    const signed = decodeURIComponent(res.headers['set-auth-token'] as string);
    const bare = signed.slice(0, signed.lastIndexOf('.'));
    expect(bare.length).toBeGreaterThan(20);
    expect((await me({ authorization: `Bearer ${signed}` })).json().email).toBe(a.email);
    expect((await me({ authorization: `Bearer ${encodeURIComponent(signed)}` })).json().email).toBe(a.email);
    // The bearer token wins over another user's cookie, as in better-auth's plugin.
    expect((await me({ ...b.headers, authorization: `Bearer ${bare}` })).json().email).toBe(a.email);
    const forged = `${bare}.${Buffer.from('x'.repeat(32)).toString('base64')}`;
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${bare.slice(0, -2)}` })).statusCode).toBe(401);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${bare}`, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${bare}` })).statusCode).toBe(401);
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const s = await signedInStaff(ctx);
    expect((await me(s.headers)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...s.headers, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('ends a session idle for an hour', async () => {
    const s = await signedInStaff(ctx);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, s.id));
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('extends a session used after its refresh age, with a new cookie', async () => {
    const s = await signedInStaff(ctx);
    // Last refreshed two minutes ago: the next request pushes the expiry to now + 1 hour.
    const stale = new Date(Date.now() + 3600_000 - 120_000);
    await ctx.database.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.userId, s.id));
    const res = await me(s.headers);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'] ?? '')).toContain('session_token');
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, s.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });

  it('refuses a session cookie whose signature was changed', async () => {
    const s = await signedInStaff(ctx);
    const cookie = s.headers.cookie;
    const forged = cookie.replace(/session_token=([^.;]+)\.([^;]+)/, (_m, token: string, sig: string) => {
      const flipped = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
      return `session_token=${token}.${flipped}`;
    });
    expect(forged).not.toBe(cookie);
    expect((await me({ ...s.headers, cookie: forged })).statusCode).toBe(401);
    expect((await me(s.headers)).statusCode).toBe(200);
  });

  it('ends a session 12 hours after sign-in even when it is used all the time', async () => {
    const s = await signedInStaff(ctx);
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 12 * 3600_000 - 60_000) })
      .where(eq(sessions.userId, s.id));
    // A staff route: refused, and the session row is gone.
    const res = await saveDetails(s, { firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, s.id))).toHaveLength(0);
  });

  it('refuses a deactivated account at sign-in', async () => {
    const s = await signedInStaff(ctx);
    const { users } = await import('../../db/schema');
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, s.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: s.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('refuses a state-changing request from another origin', async () => {
    const s = await signedInStaff(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/user-details',
      headers: { ...s.headers, origin: 'https://evil.example' },
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(s.headers)).json().firstName).not.toBe('X');
  });

  it('updates the signed-in account and validates it', async () => {
    const s = await signedInStaff(ctx);
    const bad = await saveDetails(s, { firstName: '', lastName: 'B' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.firstName).toBe('Vă rugăm introduceți prenumele.');
    const ok = await saveDetails(s, { firstName: 'Maria', lastName: 'Stan' });
    expect(ok.json()).toMatchObject({ status: 1, firstName: 'Maria', lastName: 'Stan' });
    expect((await me(s.headers)).json().firstName).toBe('Maria');
  });
});

describe('passwords', () => {
  it('resets a forgotten password through an e-mailed link, ending the old sessions', async () => {
    const s = await signedInStaff(ctx);
    const req = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: s.email, redirectTo: 'http://localhost:3000/user/reset-password' },
    });
    expect(req.statusCode).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, s.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail.subject).toBe('Resetarea parolei');
    const token = /reset-password\/([^?\s]+)/.exec(mail.text)![1];

    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'parola123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_MESSAGES.tooShort);

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Un-Munte-Verde-Si-Inalt' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(s.headers)).statusCode).toBe(401);
    await expect(signIn(ctx.app, s.email, 'Un-Munte-Verde-Si-Inalt')).resolves.toContain('session_token');
    await expect(signIn(ctx.app, s.email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('sends at most three reset e-mails an hour to one account from 20 addresses, and only the newest link works', async () => {
    const s = await signedInStaff(ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email: s.email, redirectTo: 'http://localhost:3000/user/reset-password' },
          remoteAddress: `10.54.${i}.7`,
        }),
      ),
    );
    // The same answer every time: nothing tells that the hour's resets are used up.
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0].statusCode).toBe(200);
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, s.email))
      .orderBy(outbox.id);
    expect(mails).toHaveLength(3);
    const tokens = mails.map((m) => /reset-password\/([^?\s]+)/.exec(m.text)![1]);
    const reset = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'Un-Munte-Verde-Si-Inalt' },
      });
    for (const earlier of tokens.slice(0, 2)) expect((await reset(earlier)).statusCode).toBe(400);
    // Kept hashed: a copy of the database holds no working reset token.
    const kept = await ctx.database.db.select().from(verifications).where(eq(verifications.value, s.id));
    expect(kept.some((v) => tokens.some((t) => v.identifier.includes(t)))).toBe(false);
    expect((await reset(tokens[2])).statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody@test.example', redirectTo: '/user/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await ctx.database.db.select().from(outbox).where(eq(outbox.to, 'nobody@test.example')),
    ).toHaveLength(0);
  });

  it('refuses a common or easily guessed password when changing it', async () => {
    const s = await signedInStaff(ctx);
    // A leaked password, and a dictionary word with a year and a symbol (zxcvbn score below 3).
    for (const newPassword of ['password1234', 'Romania2026!']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: s.headers,
        payload: { currentPassword: TEST_PASSWORD, newPassword, revokeOtherSessions: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSWORD_MESSAGES.tooCommon);
    }
    expect((await me(s.headers)).statusCode).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('throttles an address by its failed sign-ins over 15 minutes, never by its successes (issue 54)', async () => {
    const s = await signedInStaff(ctx);
    const other = await signedInStaff(ctx);
    const attempt = (email: string, password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password },
        remoteAddress,
      });
    // A busy morning behind one hospital address: every sign-in goes through.
    for (let i = 0; i < 40; i++)
      expect((await attempt(s.email, TEST_PASSWORD, '10.17.0.1')).statusCode).toBe(200);
    // 30 failures from one address (spread over accounts, so no account locks) close it...
    for (let i = 0; i < 30; i++)
      expect((await attempt(`nobody${i}@test.example`, 'Gresit-123456', '10.17.0.2')).statusCode).toBe(401);
    const shut = await attempt(other.email, TEST_PASSWORD, '10.17.0.2');
    expect(shut.statusCode).toBe(429);
    expect(shut.json().message).toBe(ADDRESS_THROTTLED_MESSAGE);
    // ...and no other address, nor the accounts from elsewhere.
    expect((await attempt(other.email, TEST_PASSWORD, '10.17.0.3')).statusCode).toBe(200);
    // Failures older than the window no longer count.
    await ctx.database.db
      .update(auditEvents)
      .set({ at: sql`${auditEvents.at} - interval '16 minutes'` })
      .where(eq(auditEvents.ip, '10.17.0.2'));
    expect((await attempt(other.email, TEST_PASSWORD, '10.17.0.2')).statusCode).toBe(200);
  });

  it('answers 429 after too many attempts from one address', async () => {
    const t = await createTestApp({ auth: { signInPerMinute: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'x@test.example', password: 'whatever-123' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[4]).toBe(429);
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
});
