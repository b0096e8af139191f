import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();

describe('current user', () => {
  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/user-details' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 0 });
  });

  it('returns the SPEC §7 shape for a signed-in doctor', async () => {
    const s = await signedInStaff(ctx, { firstName: 'Ioana', lastName: 'Popescu', doctor: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/user-details', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      id: s.id,
      email: s.email,
      firstName: 'Ioana',
      lastName: 'Popescu',
      role: 'doctor',
      superadmin: false,
      doctor: true,
      authorized: true,
      twoFactorRequired: false,
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, s.id));
    expect(row.lastSignInAt).not.toBeNull();
  });
});
