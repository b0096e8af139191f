/**
 * Reset links that cannot flood a mailbox or pile up (issue 54, item 4): at most
 * RESETS_PER_HOUR reset e-mails an hour per account, whatever the number of addresses asking,
 * and only the newest link works (a new one ends the earlier ones). The reset token is stored
 * hashed (`resetTokenStorage`, better-auth's verification storage), like every token here.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema/auth';

export const RESETS_PER_HOUR = 3;
/** How long a reset link opens (better-auth's `resetPasswordTokenExpiresIn`). */
export const RESET_LINK_SECONDS = 60 * 60;

const PREFIX = 'reset-password#';
const stored = (identifier: string) => `${PREFIX}${createHash('sha256').update(identifier).digest('hex')}`;

/** better-auth's `verification.storeIdentifier`: reset tokens kept as a SHA-256, with a prefix to find them by. */
export const resetTokenStorage = {
  default: 'plain' as const,
  overrides: { 'reset-password:': { hash: async (identifier: string) => stored(identifier) } },
};

/**
 * Sends the reset e-mail of `token` unless the account had RESETS_PER_HOUR already this hour;
 * the earlier links stop working when it is sent, and an unsent link is removed. One account's
 * requests are taken one at a time (its row locked), so racing requests cannot pass the count
 * together. Returns whether the e-mail was queued.
 */
export async function sendResetLimited(
  db: Db,
  userId: string,
  token: string,
  send: (tx: Db) => Promise<unknown>,
): Promise<boolean> {
  const current = stored(`reset-password:${token}`);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const resets = and(eq(verifications.value, userId), like(verifications.identifier, `${PREFIX}%`));
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(verifications)
      .where(and(resets, gt(verifications.createdAt, sql`now() - interval '1 hour'`)));
    if (n > RESETS_PER_HOUR) {
      await tx.delete(verifications).where(eq(verifications.identifier, current));
      return false;
    }
    // Kept until they would have expired, so the hour's count sees them; they no longer open.
    await tx
      .update(verifications)
      .set({ expiresAt: sql`least(${verifications.expiresAt}, now())` })
      .where(and(resets, ne(verifications.identifier, current)));
    // A racing request sent before this one ended this link too: the link sent last is the one that opens.
    await tx
      .update(verifications)
      .set({ expiresAt: sql`${verifications.createdAt} + make_interval(secs => ${RESET_LINK_SECONDS})` })
      .where(eq(verifications.identifier, current));
    await send(tx);
    return true;
  });
}
