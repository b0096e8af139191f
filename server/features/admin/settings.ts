/**
 * Clinic-wide settings without a settings table: each is a `verifications` row with identifier
 * `setting:<name>` and a far expiry (better-auth only reads identifiers of its own prefixes).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema';

export const REQUIRE_2FA_SETTING = 'setting:require-2fa';
const FAR_FUTURE = new Date('2999-12-31T00:00:00Z');

async function readSetting(db: Db, identifier: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, identifier))
    .limit(1);
  return row?.value ?? null;
}

async function writeSetting(db: Db, identifier: string, value: string) {
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({ id: randomUUID(), identifier, value, expiresAt: FAR_FUTURE });
  });
}

/** Whether every staff account must use two-factor sign-in (read by the sign-in guard). */
export async function requireTwoFactor(db: Db): Promise<boolean> {
  return (await readSetting(db, REQUIRE_2FA_SETTING)) === 'true';
}

export async function setRequireTwoFactor(db: Db, on: boolean) {
  await writeSetting(db, REQUIRE_2FA_SETTING, on ? 'true' : 'false');
}
