/**
 * Short-lived signed URLs for files the browser opens by navigating (consultation letters,
 * documents): the path, an expiry and the session that asked for the link are signed with an
 * HMAC, so the URL works without a session cookie or header for a few minutes, cannot be altered
 * or reused later, and stops working as soon as that session ends (sign-out, deactivation).
 *
 *   const signer = urlSigner(app.deps);
 *   const url = signer.signPath('/api/patients/1/consultation-letter/<guid>/pdf', 300, req.sessionId);
 *   // in the public route: if (!(await signer.verifySignedRequest(pathOf(req.url), req.query))) 403
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { isSessionLive } from './auth/session-fast-path';
import type { Clock } from './clock';
import { HttpError, MESSAGES } from './errors';

export type SignedQuery = { exp?: unknown; sid?: unknown; sig?: unknown };

export type UrlSigner = {
  /**
   * `path?exp=<unix seconds>&sid=<session id>&sig=<base64url HMAC>`; `path` must not carry a
   * query already. The session id is the session's row id, not its token: it signs nobody in.
   */
  signPath(path: string, ttlSeconds: number, sessionId: string): string;
  /** The session a valid, unexpired signature for exactly `path` is bound to, or null. */
  signedSession(path: string, query: SignedQuery): string | null;
  /** True when the signature is valid for `path` and its session still stands. */
  verifySignedRequest(path: string, query: SignedQuery): Promise<boolean>;
};

export function urlSigner(deps: {
  config: { authSecret: string };
  clock: Clock;
  database?: { db: Db };
}): UrlSigner {
  // A key of its own, derived from the auth secret, so a signature here is worthless elsewhere.
  const key = createHmac('sha256', deps.config.authSecret).update('signed-url/v2').digest();
  const sign = (path: string, exp: number, sid: string) =>
    createHmac('sha256', key).update(`${path}\n${exp}\n${sid}`).digest('base64url');
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  const signedSession = (path: string, query: SignedQuery): string | null => {
    const { exp, sid, sig } = query;
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    if (typeof sid !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(sid)) return null;
    const expiry = Number(exp);
    if (expiry <= nowSeconds()) return null;
    const expected = Buffer.from(sign(path, expiry, sid));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected) ? sid : null;
  };

  return {
    signPath(path, ttlSeconds, sessionId) {
      if (path.includes('?')) throw new Error('signPath: the path must not have a query');
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(sessionId)) throw new Error('signPath: not a session id');
      const exp = nowSeconds() + Math.max(1, Math.floor(ttlSeconds));
      return `${path}?exp=${exp}&sid=${sessionId}&sig=${sign(path, exp, sessionId)}`;
    },
    signedSession,
    async verifySignedRequest(path, query) {
      const sid = signedSession(path, query);
      if (!sid) return false;
      if (!deps.database) throw new Error('verifySignedRequest: no database to check the session');
      return isSessionLive(deps.database.db, sid);
    },
  };
}

/** The path part of a request URL (what was signed). */
export function pathOf(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? url : url.slice(0, i);
}

/** The session a signed link is bound to: the signed-in request's own (routes behind the guard). */
export function sessionOf(req: { sessionId: string | null }): string {
  if (!req.sessionId) throw new HttpError(401, MESSAGES.unauthenticated);
  return req.sessionId;
}
