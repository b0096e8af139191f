/** All SQL of the self-service links (owner: self-service). */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selfServiceLinks } from '../../db/schema/self-service';

export type NewLink = { appointmentId: number; nonce: string; tokenHash: string; url: string };

/** The statement that stores a new link. */
const linkInsert = (link: NewLink): SQL =>
  sql`insert into self_service_links (appointment_id, nonce, token_hash)
    values (${link.appointmentId}::integer, ${link.nonce}::text, ${link.tokenHash}::text)`;

/** The appointment's link row, made with `fresh` when it has none (a concurrent maker wins). */
export async function linkNonce(db: Db, fresh: NewLink): Promise<{ nonce: string; revoked: boolean }> {
  // One statement: the no-op update on conflict returns the existing link (waiting for a
  // concurrent insert of the same appointment's link, then returning that one).
  const res = (await db.execute(sql`${linkInsert(fresh)}
    on conflict (appointment_id) do update set nonce = self_service_links.nonce
    returning nonce, revoked_at`)) as unknown as { rows: { nonce: string; revoked_at: unknown }[] };
  const row = res.rows[0];
  return { nonce: row.nonce, revoked: row.revoked_at !== null };
}

/** The appointment's stored link, or null when it has none or it was revoked. */
export async function storedNonce(db: Db, appointmentId: number): Promise<string | null> {
  const [row] = await db
    .select({ nonce: selfServiceLinks.nonce })
    .from(selfServiceLinks)
    .where(and(eq(selfServiceLinks.appointmentId, appointmentId), isNull(selfServiceLinks.revokedAt)));
  return row?.nonce ?? null;
}

/** The appointment a token's hash opens, when the link exists and is not revoked. */
export async function appointmentOfTokenHash(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ appointmentId: selfServiceLinks.appointmentId })
    .from(selfServiceLinks)
    .where(and(eq(selfServiceLinks.tokenHash, tokenHash), isNull(selfServiceLinks.revokedAt)));
  return row?.appointmentId ?? null;
}
