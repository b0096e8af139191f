/** All SQL of the self-service links (owner: self-service). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selfServiceLinks } from '../../db/schema';

/** The appointment's link row, made with `fresh` when it has none (a concurrent maker wins). */
export async function linkNonce(
  db: Db,
  appointmentId: number,
  fresh: { nonce: string; tokenHash: string },
): Promise<{ nonce: string; revoked: boolean }> {
  await db
    .insert(selfServiceLinks)
    .values({ appointmentId, nonce: fresh.nonce, tokenHash: fresh.tokenHash })
    .onConflictDoNothing({ target: selfServiceLinks.appointmentId });
  const [row] = await db
    .select({ nonce: selfServiceLinks.nonce, revokedAt: selfServiceLinks.revokedAt })
    .from(selfServiceLinks)
    .where(eq(selfServiceLinks.appointmentId, appointmentId));
  return { nonce: row.nonce, revoked: row.revokedAt !== null };
}

/** The appointment a token's hash opens, when the link exists and is not revoked. */
export async function appointmentOfTokenHash(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ appointmentId: selfServiceLinks.appointmentId })
    .from(selfServiceLinks)
    .where(and(eq(selfServiceLinks.tokenHash, tokenHash), isNull(selfServiceLinks.revokedAt)));
  return row?.appointmentId ?? null;
}
