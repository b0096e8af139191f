import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../platform/actor';
import { MESSAGES } from '../../platform/errors';
import { setRequireTwoFactor } from '../../platform/settings';
import { setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();

describe('two-factor sign-in required for all staff', () => {
  it('sends staff without it to set it up, and lets staff with it work', async () => {
    const without = await signedInStaff(ctx);
    const withIt = await signedInStaff(ctx);
    await ctx.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, withIt.id));
    const get = (url: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url, headers });

    expect((await get('/api/appointment/statuses', without.headers)).statusCode).toBe(200);

    await setRequireTwoFactor(ctx.database.db, SYSTEM_ACTOR, true);

    const refused = await get('/api/appointment/statuses', without.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.twoFactorRequired);
    expect((await get('/api/user/user-details', without.headers)).json()).toMatchObject({
      status: 1,
      twoFactorRequired: true,
    });
    expect((await get('/api/my-account', without.headers)).statusCode).toBe(200);

    expect((await get('/api/appointment/statuses', withIt.headers)).statusCode).toBe(200);
    expect((await get('/api/user/user-details', withIt.headers)).json()).toMatchObject({
      twoFactorRequired: false,
    });
  });
});
