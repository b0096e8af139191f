/**
 * The self-service link of an appointment, `{PUBLIC_URL}/p/{token}`: the patient's way to see,
 * confirm, cancel or ask to move it without an account.
 *
 * The token is HMAC-SHA256(server secret, appointment id + a random nonce kept in the row), its
 * first 128 bits in base64url (platform/link-tokens.ts). Only its SHA-256 is stored, so a copy of
 * the database opens nothing; yet every message about the appointment (confirmation, reminders, a
 * move) can carry the same link, derived again from the nonce and the secret.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hashLinkToken, linkToken, linkTokenOfRow, lookupHashes } from '../../platform/link-tokens';
import type { LinkResolver } from '../../platform/outbox';
import { offerUrl } from '../waitlist';
import { appointmentOfTokenHash, linkNonce, type NewLink, setTokenHash, storedNonce } from './repository';

export type LinkSecrets = { secret: string; publicUrl: string };

/** The links' keys: the server secret and the public address (PUBLIC_URL). */
export const linkSecrets = (config: Pick<Config, 'authSecret' | 'publicUrl'>): LinkSecrets => ({
  secret: config.authSecret,
  publicUrl: config.publicUrl,
});

const label = (appointmentId: number, nonce: string) => `self-service:${appointmentId}:${nonce}`;

/** A new link for the appointment: the nonce and the token's hash to store, and its URL. */
export function newLink(keys: LinkSecrets, appointmentId: number): NewLink {
  const nonce = randomBytes(16).toString('base64url');
  const token = linkToken(keys.secret, label(appointmentId, nonce));
  return { appointmentId, nonce, tokenHash: hashLinkToken(token), url: `${keys.publicUrl}/p/${token}` };
}

/** The URL of a stored link; a row made before the short tokens is moved to its short one. */
async function urlOfRow(
  db: Db,
  keys: LinkSecrets,
  appointmentId: number,
  row: { nonce: string; tokenHash: string },
): Promise<string> {
  const { token, rehash } = linkTokenOfRow(keys.secret, label(appointmentId, row.nonce), row.tokenHash);
  if (rehash) await setTokenHash(db, appointmentId, row.tokenHash, rehash);
  return `${keys.publicUrl}/p/${token}`;
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
  return stored.nonce === fresh.nonce ? fresh.url : urlOfRow(db, keys, appointmentId, stored);
}

/** The appointment a token opens, or null for an unknown, malformed or revoked token. */
export async function appointmentOfToken(db: Db, token: string): Promise<number | null> {
  const hashes = lookupHashes(token);
  return hashes ? appointmentOfTokenHash(db, hashes) : null;
}

/** An appointment's link as it was made (none is made here); null when revoked or gone. */
async function existingUrl(db: Db, keys: LinkSecrets, appointmentId: number): Promise<string | null> {
  const row = await storedNonce(db, appointmentId);
  return row === null ? null : urlOfRow(db, keys, appointmentId, row);
}

/** The working links of the messages' placeholders, for the outbox worker (never stored). */
export const patientLinks =
  (db: Db, keys: LinkSecrets): LinkResolver =>
  (kind, id) =>
    kind === 'appointment' ? existingUrl(db, keys, id) : offerUrl(db, keys, id);
