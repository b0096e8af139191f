/**
 * The tokens of the patient's links, `{PUBLIC_URL}/p/{token}` (an appointment's self-service page,
 * a waitlist offer): HMAC-SHA256(server secret, what the link opens + a nonce kept in the row), cut
 * to its first 128 bits, 22 characters of base64url, so every SMS with a link fits in one segment
 * with a real PUBLIC_URL (issue 54, docs/decisions/0092-shorter-patient-links.md). Only the token's
 * SHA-256 is stored, and any message can derive the link again from the nonce and the secret.
 *
 * Links sent before were the whole HMAC (43 characters) and keep working until their end: such a
 * token is looked up by its own hash and by the hash of its first 128 bits; a row still holding the
 * hash of the long form is moved to the short one when a message needs its link again
 * (`linkTokenOfRow`), and the long link sent before still opens it.
 */
import { createHash, createHmac } from 'node:crypto';

/** Bytes of HMAC a token keeps: 128 bits. */
const TOKEN_BYTES = 16;
const SHORT = /^[A-Za-z0-9_-]{22}$/;
/** The length of the links made before (the whole HMAC-SHA256). */
const LONG = /^[A-Za-z0-9_-]{43}$/;

/** A token as it appears in a link path: the short form, or the long one of older links. */
export const LINK_TOKEN_PATTERN = '[A-Za-z0-9_-]{22}(?:[A-Za-z0-9_-]{21})?';

const hmac = (secret: string, label: string) => createHmac('sha256', secret).update(label).digest();

/** The link's token for `label` (e.g. `self-service:12:<nonce>`). */
export const linkToken = (secret: string, label: string) =>
  hmac(secret, label).subarray(0, TOKEN_BYTES).toString('base64url');

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The stored hashes a token from a URL may match, or null when it is not a token at all: a short
 * token its own; a long one (an older link) its own and that of its short form.
 */
export function lookupHashes(token: string): string[] | null {
  if (SHORT.test(token)) return [hashLinkToken(token)];
  if (!LONG.test(token)) return null;
  const short = Buffer.from(token, 'base64url').subarray(0, TOKEN_BYTES).toString('base64url');
  return [hashLinkToken(token), hashLinkToken(short)];
}

/**
 * The token to put in a link of a stored row, and the hash to store instead when the row still
 * holds the hash of a long token (an older link: it keeps opening the row by `lookupHashes`).
 */
export function linkTokenOfRow(
  secret: string,
  label: string,
  storedHash: string,
): { token: string; rehash: string | null } {
  const token = linkToken(secret, label);
  const hash = hashLinkToken(token);
  if (storedHash === hash) return { token, rehash: null };
  const long = hmac(secret, label).toString('base64url');
  return { token, rehash: storedHash === hashLinkToken(long) ? hash : null };
}
