/**
 * Walks every registered /api route (the app's route table, so routes added later are covered
 * without editing this file): 401 without a session and 403 for a signed-in account that is not
 * authorised, except the explicit public allow-list below; superadmin routes 403 for other staff.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp, signedInStaff } from './harness';

/** Public routes and what an anonymous caller without any input gets from each. */
const PUBLIC: Record<string, number[]> = {
  'GET /api/health': [200],
  'GET /api/ready': [200],
  'GET /api/misc/states': [200],
  'GET /api/misc/institute': [200],
  'GET /api/auth/*': [404, 400, 401, 200],
  'POST /api/auth/*': [404, 400, 401, 403],
  // Answers 401 itself, and tells a signed-in but unauthorised account that it is not authorised.
  'GET /api/user/user-details': [401],
  // The patient's public form.
  'GET /api/appointment/check-register-date': [400],
  'POST /api/appointment': [400],
  'GET /api/appointment/consent-text': [200],
  'GET /api/appointment/challenge': [200],
  'GET /api/appointment/closed-days': [200],
  // Signed, short-lived file links: refused without a valid signature.
  'GET /api/patients/:id/consultation-letter/:guid/pdf': [403],
  'GET /api/documents/:id/file': [403],
  // A doctor's private calendar feed: unknown or revoked tokens are not found.
  'GET /api/calendar-feed/:file': [400, 404],
  // The patient's self-service link: unknown tokens are not found.
  'GET /api/self-service/:token': [404],
  'POST /api/self-service/:token/confirm': [404],
  'POST /api/self-service/:token/cancel': [404],
  'POST /api/self-service/:token/accept': [404],
  'POST /api/self-service/:token/decline': [404],
  'POST /api/self-service/:token/reschedule-request': [400, 404],
};

const ctx = await setupTestApp();
const routes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('route sweep', () => {
  it('finds the routes of every feature', () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it('has no public route outside the allow-list', () => {
    const publicRoutes = routes.filter((r) => r.public).map(key);
    for (const r of publicRoutes)
      expect(Object.keys(PUBLIC), `${r} is public but not in the allow-list`).toContain(r);
  });

  it('answers 401 to anonymous callers on every staff route', async () => {
    for (const r of routes.filter((x) => !x.public)) {
      const res = await ctx.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect(res.statusCode, key(r)).toBe(401);
      expect(res.json().status, key(r)).toBe(0);
    }
  });

  it('answers public routes without leaking anything', async () => {
    for (const r of routes.filter((x) => x.public)) {
      const res = await ctx.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect(PUBLIC[key(r)], key(r)).toContain(res.statusCode);
      expect(res.statusCode, key(r)).toBeLessThan(500);
    }
  });

  it('answers 403 to a signed-in account that is not authorised', async () => {
    const pending = await signedInStaff(ctx, { authorized: false });
    for (const r of routes.filter((x) => !x.public)) {
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: pending.headers,
      });
      expect(res.statusCode, key(r)).toBe(403);
    }
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/user-details',
      headers: pending.headers,
    });
    expect(me.json()).toMatchObject({ status: 1, authorized: false });
  });

  it('keeps superadmin routes from doctors and admins', async () => {
    const doctor = await signedInStaff(ctx, { doctor: true });
    const admin = await signedInStaff(ctx, { doctor: false, role: 'admin' });
    for (const r of routes.filter((x) => x.superadmin)) {
      for (const who of [doctor, admin]) {
        const res = await ctx.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: who.headers,
        });
        expect(res.statusCode, key(r)).toBe(403);
      }
    }
  });

  it('keeps admin routes (the outbox) from doctors, and opens them to admins', async () => {
    const doctor = await signedInStaff(ctx, { doctor: true });
    const admin = await signedInStaff(ctx, { doctor: false, role: 'admin' });
    const adminRoutes = routes.filter((x) => x.admins);
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const r of adminRoutes) {
      const asDoctor = await ctx.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: doctor.headers,
      });
      expect(asDoctor.statusCode, key(r)).toBe(403);
      const asAdmin = await ctx.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: admin.headers,
      });
      expect(asAdmin.statusCode, key(r)).not.toBe(403);
    }
  });
});
