/**
 * The self-service link of an appointment, `{PUBLIC_URL}/p/{token}`: the patient's way to see,
 * confirm, cancel or ask to move it without an account.
 *
 * The token is HMAC-SHA256(server secret, appointment id + a random nonce kept in the row),
 * 256 bits in base64url. Only its SHA-256 is stored, so a copy of the database opens nothing;
 * yet every message about the appointment (confirmation, reminders, a move) can carry the same
 * link, derived again from the nonce and the secret, without keeping the token anywhere.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { appointmentOfTokenHash, linkNonce, type NewLink } from './repository';

export type LinkSecrets = { secret: string; publicUrl: string };

const tokenOf = (secret: string, appointmentId: number, nonce: string) =>
  createHmac('sha256', secret).update(`self-service:${appointmentId}:${nonce}`).digest('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link for the appointment: the nonce and the token's hash to store, and its URL. */
export function newLink(keys: LinkSecrets, appointmentId: number): NewLink {
  const nonce = randomBytes(16).toString('base64url');
  const token = tokenOf(keys.secret, appointmentId, nonce);
  return { appointmentId, nonce, tokenHash: hashToken(token), url: `${keys.publicUrl}/p/${token}` };
}

/** The appointment's link (made on first use); null when the link was revoked (deleted appointment). */
export async function selfServiceUrl(
  db: Db,
  keys: LinkSecrets,
  appointmentId: number,
): Promise<string | null> {
  const fresh = newLink(keys, appointmentId);
  const stored = await linkNonce(db, fresh);
  if (stored.revoked) return null;
  return stored.nonce === fresh.nonce
    ? fresh.url
    : `${keys.publicUrl}/p/${tokenOf(keys.secret, appointmentId, stored.nonce)}`;
}

/** The appointment a token opens, or null for an unknown, malformed or revoked token. */
export async function appointmentOfToken(db: Db, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return appointmentOfTokenHash(db, hashToken(token));
}
