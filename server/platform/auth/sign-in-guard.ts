/**
 * Per-account sign-in throttling and the sign-in audit trail (DESIGN §6 "Sessions": throttled per
 * account and per IP; every sign-in success and failure recorded, never the password).
 *
 * Failed attempts for one e-mail address are counted in the rate_limits table (shared by every
 * server node) under a key holding a hash of the address. More than ACCOUNT_MAX_FAILURES failures
 * with less than ACCOUNT_WINDOW_MS between them lock the account's sign-in for ACCOUNT_LOCK_MS
 * after the last failure, from any IP: long enough to stop guessing, short enough that the real
 * user waits only a few minutes. A successful sign-in clears the count.
 *
 * Per client address, only failures count, over the last ADDRESS_WINDOW_MINUTES (a sliding
 * window, read from the sign-in audit trail): a hospital's staff behind one address sign in all
 * morning without a quiet minute, and successes never lock them out (issue 54, item 17).
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/auth';
import { audit, eventsFromAddressSince } from '../audit';

export const ACCOUNT_MAX_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LOCK_MS = 5 * 60 * 1000;
export const ACCOUNT_LOCKED_MESSAGE =
  'Prea multe încercări de autentificare eșuate pentru acest cont. Încercați din nou peste câteva minute.';

export const ADDRESS_MAX_FAILURES = 30;
export const ADDRESS_WINDOW_MINUTES = 15;
export const ADDRESS_THROTTLED_MESSAGE =
  'Prea multe încercări de autentificare eșuate de la această adresă. Încercați din nou peste câteva minute.';

/** Whether the client address had ADDRESS_MAX_FAILURES failed sign-ins in the window. */
export async function isAddressThrottled(db: Db, ip: string | null): Promise<boolean> {
  if (!ip) return false;
  return (
    (await eventsFromAddressSince(db, 'auth.sign-in-failed', ip, ADDRESS_WINDOW_MINUTES)) >=
    ADDRESS_MAX_FAILURES
  );
}

export function accountKey(email: string): string {
  return `sign-in-account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

export async function isAccountLocked(db: Db, email: string, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count, last: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, accountKey(email)));
  return Boolean(row && row.count >= ACCOUNT_MAX_FAILURES && now - row.last < ACCOUNT_LOCK_MS);
}

export async function recordFailure(db: Db, email: string, now = Date.now()): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: accountKey(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${now - ACCOUNT_WINDOW_MS} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      },
    });
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, accountKey(email)));
}

/** Records a sign-in event: the address tried and the client IP, never the password. */
export async function auditSignIn(
  db: Db,
  e: {
    action: 'auth.sign-in' | 'auth.sign-in-failed';
    userId?: string | null;
    email?: string;
    ip?: string | null;
    reason?: string;
    step?: string;
  },
): Promise<void> {
  await audit(
    db,
    { userId: e.userId ?? null, ip: e.ip ?? null },
    {
      action: e.action,
      entityType: 'user',
      entityId: e.userId ?? undefined,
      details: {
        ...(e.email ? { email: e.email.trim().toLowerCase().slice(0, 254) } : {}),
        ...(e.reason ? { reason: e.reason } : {}),
        ...(e.step ? { step: e.step } : {}),
      },
    },
  );
}
