/**
 * Short-lived signed URLs for files the browser opens by navigating (consultation letters,
 * documents): the path and an expiry are signed with an HMAC, so the URL works without a
 * session cookie or header for a few minutes and cannot be altered or reused later.
 *
 *   const signer = urlSigner(app.deps);
 *   const url = signer.signPath('/api/patients/1/consultation-letter/<guid>/pdf', 300);
 *   // in the public route: if (!signer.verifySignedRequest(pathOf(req.url), req.query)) 403
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';

export type SignedQuery = { exp?: unknown; sig?: unknown };

export type UrlSigner = {
  /** `path?exp=<unix seconds>&sig=<base64url HMAC>`; `path` must not carry a query already. */
  signPath(path: string, ttlSeconds: number): string;
  /** True when `query` carries a valid, unexpired signature for exactly `path`. */
  verifySignedRequest(path: string, query: SignedQuery): boolean;
};

export function urlSigner(deps: { config: { authSecret: string }; clock: Clock }): UrlSigner {
  // A key of its own, derived from the auth secret, so a signature here is worthless elsewhere.
  const key = createHmac('sha256', deps.config.authSecret).update('signed-url/v1').digest();
  const sign = (path: string, exp: number) =>
    createHmac('sha256', key).update(`${path}\n${exp}`).digest('base64url');
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  return {
    signPath(path, ttlSeconds) {
      if (path.includes('?')) throw new Error('signPath: the path must not have a query');
      const exp = nowSeconds() + Math.max(1, Math.floor(ttlSeconds));
      return `${path}?exp=${exp}&sig=${sign(path, exp)}`;
    },
    verifySignedRequest(path, query) {
      const { exp, sig } = query;
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expiry = Number(exp);
      if (expiry <= nowSeconds()) return false;
      const expected = Buffer.from(sign(path, expiry));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The path part of a request URL (what was signed). */
export function pathOf(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? url : url.slice(0, i);
}
