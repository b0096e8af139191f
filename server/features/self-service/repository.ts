/** All SQL of the self-service links (owner: self-service). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selfServiceLinks } from '../../db/schema';

/** The appointment's link row, made with `fresh` when it has none (a concurrent maker wins). */
export async function linkNonce(
  db: Db,
  appointmentId: number,
  fresh: { nonce: string; tokenHash: string },
): Promise<{ nonce: string; revoked: boolean }> {
  // One statement: the no-op update on conflict returns the existing link (waiting for a
  // concurrent insert of the same appointment's link, then returning that one).
  const [row] = await db
    .insert(selfServiceLinks)
    .values({ appointmentId, nonce: fresh.nonce, tokenHash: fresh.tokenHash })
    .onConflictDoUpdate({
      target: selfServiceLinks.appointmentId,
      set: { nonce: sql`${selfServiceLinks.nonce}` },
    })
    .returning({ nonce: selfServiceLinks.nonce, revokedAt: selfServiceLinks.revokedAt });
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
