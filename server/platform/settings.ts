/**
 * Clinic-wide settings that administrators change at run time (the `settings` table). Each
 * setting has one typed reader and writer here; the session check reads `requireTwoFactor` in
 * its own query (platform/auth/session-fast-path.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema/settings';
import type { Actor } from './actor';

export const SETTING_KEYS = { requireTwoFactor: 'require-two-factor' } as const;

/** Whether every staff account must use two-factor sign-in. */
export async function requireTwoFactor(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETTING_KEYS.requireTwoFactor))
    .limit(1);
  return row?.value === true;
}

export async function setRequireTwoFactor(db: Db, actor: Actor, on: boolean): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SETTING_KEYS.requireTwoFactor, value: on, updatedBy: actor.userId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: on, updatedAt: new Date(), updatedBy: actor.userId },
    });
}
