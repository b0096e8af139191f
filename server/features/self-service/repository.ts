/** All SQL of the self-service links (owner: self-service). */
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selfServiceLinks } from '../../db/schema/self-service';

export type NewLink = { appointmentId: number; nonce: string; tokenHash: string; url: string };

/** The statement that stores a new link. */
const linkInsert = (link: NewLink): SQL =>
  sql`insert into self_service_links (appointment_id, nonce, token_hash)
    values (${link.appointmentId}::integer, ${link.nonce}::text, ${link.tokenHash}::text)`;

/** The appointment's link row, made with `fresh` when it has none (a concurrent maker wins). */
export async function linkNonce(
  db: Db,
  fresh: NewLink,
): Promise<{ nonce: string; tokenHash: string; revoked: boolean }> {
  // One statement: the no-op update on conflict returns the existing link (waiting for a
  // concurrent insert of the same appointment's link, then returning that one).
  const res = (await db.execute(sql`${linkInsert(fresh)}
    on conflict (appointment_id) do update set nonce = self_service_links.nonce
    returning nonce, token_hash, revoked_at`)) as unknown as {
    rows: { nonce: string; token_hash: string; revoked_at: unknown }[];
  };
  const row = res.rows[0];
  return { nonce: row.nonce, tokenHash: row.token_hash, revoked: row.revoked_at !== null };
}

/** The appointment's stored link, or null when it has none or it was revoked. */
export async function storedNonce(
  db: Db,
  appointmentId: number,
): Promise<{ nonce: string; tokenHash: string } | null> {
  const [row] = await db
    .select({ nonce: selfServiceLinks.nonce, tokenHash: selfServiceLinks.tokenHash })
    .from(selfServiceLinks)
    .where(and(eq(selfServiceLinks.appointmentId, appointmentId), isNull(selfServiceLinks.revokedAt)));
  return row ?? null;
}

/** A link made before the short tokens moves to its short token's hash (only from the old one). */
export async function setTokenHash(db: Db, appointmentId: number, from: string, to: string) {
  await db
    .update(selfServiceLinks)
    .set({ tokenHash: to })
    .where(and(eq(selfServiceLinks.appointmentId, appointmentId), eq(selfServiceLinks.tokenHash, from)));
}

/** The appointment one of a token's hashes opens, when the link exists and is not revoked. */
export async function appointmentOfTokenHash(db: Db, tokenHashes: string[]): Promise<number | null> {
  const [row] = await db
    .select({ appointmentId: selfServiceLinks.appointmentId })
    .from(selfServiceLinks)
    .where(and(inArray(selfServiceLinks.tokenHash, tokenHashes), isNull(selfServiceLinks.revokedAt)));
  return row?.appointmentId ?? null;
}
