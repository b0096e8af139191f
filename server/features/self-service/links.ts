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
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { LinkResolver } from '../../platform/outbox';
import { offerUrl } from '../waitlist';
import { appointmentOfTokenHash, linkNonce, type NewLink, storedNonce } from './repository';

export type LinkSecrets = { secret: string; publicUrl: string };

/** The links' keys: the server secret and the public address (PUBLIC_URL). */
export const linkSecrets = (config: Pick<Config, 'authSecret' | 'publicUrl'>): LinkSecrets => ({
  secret: config.authSecret,
  publicUrl: config.publicUrl,
});

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

/** An appointment's link as it was made (none is made here); null when revoked or gone. */
async function existingUrl(db: Db, keys: LinkSecrets, appointmentId: number): Promise<string | null> {
  const nonce = await storedNonce(db, appointmentId);
  return nonce === null ? null : `${keys.publicUrl}/p/${tokenOf(keys.secret, appointmentId, nonce)}`;
}

/** The working links of the messages' placeholders, for the outbox worker (never stored). */
export const patientLinks =
  (db: Db, keys: LinkSecrets): LinkResolver =>
  (kind, id) =>
    kind === 'appointment' ? existingUrl(db, keys, id) : offerUrl(db, keys, id);
