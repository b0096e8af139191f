/**
 * The session check of a signed-in request in one indexed query, without better-auth's endpoint
 * pipeline (which builds a full request context per `getSession` and cost about 30 % of the
 * server's CPU on the lists, docs/PERFORMANCE.md). It reads the database on every request, so a
 * revoked session or a deactivated account is refused at once, exactly as before.
 *
 * Only the common case is answered here: a validly signed session cookie (or bearer token) whose session is
 * neither expired, nor due for its sliding refresh, nor past the absolute lifetime. Everything
 * else (refresh, expiry, revocation of an old session, a token that does not verify) returns
 * `undefined` and goes through better-auth as before, which then sets the refreshed cookie. A
 * bearer token (API clients) takes the same path as the cookie it stands for. A request that
 * carries neither is answered `null` (anonymous) at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../domain/auth';
import type { Db } from '../../db/client';
import { clinicSettings } from '../../db/views';

export type FastSession = {
  sessionId: string;
  user: SessionUser;
  active: boolean;
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
};

type Row = {
  session_id: string;
  created_ms: number;
  expires_ms: number;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  doctor: boolean;
  superadmin: boolean;
  authorized: boolean;
  active: boolean;
  two_factor_enabled: boolean | null;
  two_factor_required: boolean;
};

export type FastPathOptions = {
  db: Db;
  secret: string;
  /** better-auth's cookie name: `clinic.session_token`, `__Secure-` prefixed over HTTPS. */
  cookieName: string;
  idleTimeoutMs: number;
  /** better-auth refreshes the expiry when it was set more than this long ago. */
  updateAgeMs: number;
  absoluteLifetimeMs: number;
  /** verifications.identifier of the clinic's "require two-factor" setting. */
  twoFactorSetting: string;
};

/** The token of a session cookie whose HMAC-SHA256 signature (better-call's format) is valid. */
export function verifiedCookieToken(cookieHeader: string | undefined, name: string, secret: string) {
  if (!cookieHeader) return null;
  let raw: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) raw = part.slice(eq + 1).trim();
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return verifiedSignedToken(value, secret);
}

/**
 * `token.signature` whose signature is the HMAC-SHA256 of the token written exactly as
 * better-call writes it (standard base64, padded: 44 characters), which is all better-auth itself
 * accepts. Decoded leniently, junk after the padding or characters outside the alphabet were
 * ignored and such a cookie still opened the session here (issue 54): the text is compared.
 */
function verifiedSignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session token of an `Authorization: Bearer …` header, by the rules of better-auth's bearer
 * plugin (as this product configures it, without `requireSignature`): a signed `token.signature`
 * (URL-encoded or not) must verify; a bare token is the session token itself.
 */
export function bearerToken(header: string, secret: string): string | null {
  if (header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const value = header.slice(7).trim();
  if (!value) return null;
  if (!value.includes('.')) return value;
  let decoded = value;
  if (value.includes('%')) {
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return verifiedSignedToken(decoded, secret);
}

export function createSessionFastPath(o: FastPathOptions) {
  return async function fastSession(
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): Promise<FastSession | null | undefined> {
    // A bearer token wins over a cookie, as in better-auth's plugin (API clients, issue 17).
    const auth = headers.authorization;
    const cookie = Array.isArray(headers.cookie) ? headers.cookie.join('; ') : headers.cookie;
    // Neither header names a session: anonymous (the public form, the self-service page), with
    // nothing for better-auth to find either.
    if (typeof auth !== 'string' && !cookie?.includes(`${o.cookieName}=`)) return null;
    const token =
      typeof auth === 'string'
        ? bearerToken(auth, o.secret)
        : verifiedCookieToken(cookie, o.cookieName, o.secret);
    if (!token) return undefined;
    const res = (await o.db.execute(sql`
      select s.id as session_id,
             (extract(epoch from s.created_at) * 1000)::float8 as created_ms,
             (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
             u.id as user_id, u.email, u.first_name, u.last_name, u.role, u.doctor, u.superadmin,
             u.authorized, u.active, u.two_factor_enabled,
             exists (select 1 from ${clinicSettings} st
                     where st.key = ${o.twoFactorSetting} and st.value = 'true'::jsonb) as two_factor_required
      from sessions s join users u on u.id = s.user_id
      where s.token = ${token}`)) as unknown as { rows: Row[] };
    const row = res.rows[0];
    if (!row) return undefined;
    const t = now.getTime();
    // better-auth's own rules, checked against the same wall clock it uses.
    const wall = Date.now();
    const expired = Number(row.expires_ms) <= wall;
    const refreshDue = Number(row.expires_ms) - o.idleTimeoutMs + o.updateAgeMs <= wall;
    const tooOld = t - Number(row.created_ms) > o.absoluteLifetimeMs;
    if (expired || refreshDue || tooOld) return undefined;
    return {
      sessionId: row.session_id,
      active: row.active,
      twoFactorEnabled: row.two_factor_enabled === true,
      twoFactorRequired: row.two_factor_required,
      user: {
        id: row.user_id,
        email: row.email,
        firstName: row.first_name ?? '',
        lastName: row.last_name ?? '',
        role: row.role ?? '',
        doctor: Boolean(row.doctor),
        superadmin: Boolean(row.superadmin),
        authorized: Boolean(row.authorized),
      },
    };
  };
}

/**
 * Whether a session still stands: not signed out (its row exists), not expired by better-auth's
 * wall clock, its account active and authorised. Signed file links are bound to one (signed-url.ts).
 */
export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const res = (await db.execute(sql`
    select 1 as live
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId} and s.expires_at > ${new Date(Date.now()).toISOString()}::timestamptz
      and u.active and u.authorized`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}
