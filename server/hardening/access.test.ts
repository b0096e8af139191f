/**
 * Access for every role on every /api route of the route table (signed out, signed in but not
 * authorised, admin, doctor, superadmin) against the table of expected answers below; sign-in
 * throttling per IP and per account, and the audit trail of sign-in successes and failures.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, rateLimits } from '../db/schema';
import { ACCOUNT_LOCKED_MESSAGE, ACCOUNT_MAX_FAILURES, accountKey } from '../platform/auth/sign-in-guard';
import { createStaffUser } from '../platform/auth/staff';
import { createTestApp, setupTestApp, signedInStaff, signIn, TEST_PASSWORD } from '../test/harness';

type Role = 'signed out' | 'not authorised' | 'admin' | 'doctor' | 'superadmin';
const ROLES: Role[] = ['signed out', 'not authorised', 'admin', 'doctor', 'superadmin'];

/**
 * Public routes: what each role gets from a request without input. Staff routes are derived:
 * 401 signed out, 403 not authorised, 403 for admin and doctor on superadmin routes, 403 for
 * doctors on admin routes (the outbox), and for
 * authorised staff anything but 401/403 (the route ran: 200, 400 for missing input, 404...).
 */
const PUBLIC: Record<string, Partial<Record<Role, number[]>> & { all?: number[] }> = {
  'GET /api/health': { all: [200] },
  'GET /api/ready': { all: [200] },
  'GET /api/misc/states': { all: [200] },
  'GET /api/misc/institute': { all: [200] },
  'GET /api/auth/*': { all: [404] },
  'POST /api/auth/*': { all: [404] },
  'GET /api/user/user-details': { 'signed out': [401], all: [200] },
  'GET /api/appointment/check-register-date': { all: [400] },
  'GET /api/appointment/consent-text': { all: [200, 404] },
  'GET /api/appointment/challenge': { all: [200] },
  'GET /api/appointment/closed-days': { all: [200] },
  'POST /api/appointment': { all: [400] },
  'GET /api/patients/:id/consultation-letter/:guid/pdf': { all: [403] },
  'GET /api/documents/:id/file': { all: [403] },
  'GET /api/calendar-feed/:file': { all: [400, 404] },
  'GET /api/self-service/:token': { all: [404] },
  'POST /api/self-service/:token/confirm': { all: [404] },
  'POST /api/self-service/:token/cancel': { all: [404] },
  'POST /api/self-service/:token/accept': { all: [404] },
  'POST /api/self-service/:token/decline': { all: [404] },
  'POST /api/self-service/:token/reschedule-request': { all: [400, 404] },
};

const ctx = await setupTestApp();
const routes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe('access for every role on every route', () => {
  it('matches the table of expected answers', async () => {
    const headers: Record<Role, Record<string, string>> = {
      'signed out': {},
      'not authorised': (await signedInStaff(ctx, { authorized: false })).headers,
      admin: (await signedInStaff(ctx, { doctor: false, role: 'admin' })).headers,
      doctor: (await signedInStaff(ctx, { doctor: true, role: 'doctor' })).headers,
      superadmin: (await signedInStaff(ctx, { superadmin: true, role: 'superadmin' })).headers,
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const r of routes) {
      const pub = PUBLIC[key(r)];
      if (r.public && !pub) wrong.push(`${key(r)} is public but not in the table`);
      for (const role of ROLES) {
        const res = await ctx.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: headers[role],
        });
        const got = res.statusCode;
        checked++;
        let ok: boolean;
        let expected: string;
        if (pub) {
          const want = pub[role] ?? pub.all ?? [];
          ok = want.includes(got);
          expected = want.join('/');
        } else if (role === 'signed out') {
          ok = got === 401;
          expected = '401';
        } else if (
          role === 'not authorised' ||
          (r.superadmin && role !== 'superadmin') ||
          (r.admins && role === 'doctor')
        ) {
          ok = got === 403;
          expected = '403';
        } else {
          ok = got !== 401 && got !== 403 && got < 500;
          expected = 'not 401/403/5xx';
        }
        if (!ok) wrong.push(`${key(r)} as ${role}: ${got}, expected ${expected} (${res.body.slice(0, 120)})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(routes.length * ROLES.length);
  });
});

describe('sign-in throttling', () => {
  const signInAs = (app: typeof ctx.app, email: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('answers 429 to one IP after its per-minute budget, not to another IP', async () => {
    const t = await createTestApp({ auth: { signInPerMinute: 5 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push(
          (await signInAs(t.app, `x${i}@test.example`, 'Parola-Gresita-1', '203.0.113.7')).statusCode,
        );
      expect(codes.slice(0, 5).every((c) => c === 401)).toBe(true);
      expect(codes.slice(5)).toEqual([429, 429]);
      expect((await signInAs(t.app, 'y@test.example', 'Parola-Gresita-1', '203.0.113.8')).statusCode).toBe(
        401,
      );
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });

  it('locks one account for a few minutes after 10 failures from any IPs, then lets the real user in', async () => {
    const db = ctx.database.db;
    const email = 'tinta.atacului@test.example';
    const other = 'alt.cont@test.example';
    const id = await createStaffUser(db, {
      email,
      password: TEST_PASSWORD,
      firstName: 'Tinta',
      lastName: 'Atac',
      doctor: true,
      authorized: true,
    });
    await createStaffUser(db, {
      email: other,
      password: TEST_PASSWORD,
      firstName: 'Alt',
      lastName: 'Cont',
      doctor: true,
      authorized: true,
    });

    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      const res = await signInAs(ctx.app, email, `Ghicit-${i}-parola`, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    // Locked from every IP, even with the right password; another account is not affected.
    const locked = await signInAs(ctx.app, email, TEST_PASSWORD, '192.0.2.200');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE);
    expect(
      (await signInAs(ctx.app, ` ${email.toUpperCase()}`, TEST_PASSWORD, '192.0.2.201')).statusCode,
    ).toBe(429);
    expect((await signInAs(ctx.app, other, TEST_PASSWORD, '192.0.2.202')).statusCode).toBe(200);

    // Six minutes after the last failure the real user gets in, and the count starts over.
    await db
      .update(rateLimits)
      .set({ lastRequest: Date.now() - 6 * 60 * 1000 })
      .where(eq(rateLimits.key, accountKey(email)));
    const back = await signInAs(ctx.app, email, TEST_PASSWORD, '192.0.2.203');
    expect(back.statusCode).toBe(200);
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, accountKey(email))),
    ).toEqual([]);

    // Every attempt is in the audit trail, with the address tried and the IP, never a password.
    const failed = await db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign-in-failed'));
    const mine = failed.filter((e) => (e.details as { email?: string }).email === email);
    expect(mine).toHaveLength(ACCOUNT_MAX_FAILURES + 2);
    expect(mine.map((e) => e.ip)).toContain('198.51.100.1');
    expect(mine.filter((e) => (e.details as { reason?: string }).reason === 'locked')).toHaveLength(2);
    const ok = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign-in'), eq(auditEvents.actorId, id)));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ ip: '192.0.2.203', details: { email, step: 'password' } });
    const all = JSON.stringify(await db.select().from(auditEvents));
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).not.toContain('Ghicit-');
  });
});

describe('sessions', () => {
  it('a password change ends the other sessions on the server, even when the client does not ask', async () => {
    const email = 'schimba.parola@test.example';
    const first = await signedInStaff(ctx, { email });
    const second = await signIn(ctx.app, email, TEST_PASSWORD);
    const check = (cookie: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/appointment/statuses', headers: { cookie } });
    expect((await check(second)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: first.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Alta-Parola-Lunga-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await check(second)).statusCode).toBe(401);
  });
});
