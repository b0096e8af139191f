/**
 * Mounts better-auth under /api/auth and guards every other /api route: a session is required
 * unless the route is declared `config: { public: true }`; an account that is not authorised (or
 * deactivated) gets 403; `config: { superadmin: true }` routes are for superadmins only.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin, type SessionUser } from '../../../domain/auth';
import type { Db } from '../../db/client';
import type { Actor } from '../actor';
import type { Clock } from '../clock';
import { HttpError, MESSAGES } from '../errors';
import { requireTwoFactor, SETTING_KEYS } from '../settings';
import { ABSOLUTE_LIFETIME_MS, type Auth, IDLE_TIMEOUT_SECONDS, UPDATE_AGE_SECONDS } from './auth';
import { createSessionFastPath } from './session-fast-path';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The signed-in user and the client address, as services and the audit trail take them. */
    readonly actor: Actor;
    sessionId: string | null;
    /** True when the clinic requires two-factor sign-in and this account has not set it up. */
    twoFactorMissing: boolean;
  }
  interface FastifyContextConfig {
    /** No session needed (public allow-list, checked by the route sweep test). */
    public?: boolean;
    /** Only superadmins (administration routes). */
    superadmin?: boolean;
    /** Superadmins and accounts with the admin role (the outbox page): doctors get 403. */
    admins?: boolean;
  }
}

/** Builds a Fetch Request for better-auth; the client IP is Fastify's (trust-proxy aware), never the client's header. */
function toFetchRequest(req: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'x-forwarded-for') continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  }
  headers.set('x-forwarded-for', req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  return new Request(new URL(req.url, baseUrl), {
    method: req.method,
    headers,
    body: hasBody ? (typeof req.body === 'string' ? req.body : JSON.stringify(req.body)) : undefined,
  });
}

function copyHeaders(from: Headers, reply: FastifyReply) {
  for (const cookie of from.getSetCookie()) reply.header('set-cookie', cookie);
  from.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
}

type AuthPluginOptions = { auth: Auth; baseUrl: string; clock: Clock; db: Db; secret: string };

async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  const { auth, baseUrl, clock, db } = opts;
  const fastSession = createSessionFastPath({
    db,
    secret: opts.secret,
    // better-auth's name for it (advanced.cookiePrefix, useSecureCookies over HTTPS).
    cookieName: `${baseUrl.startsWith('https://') ? '__Secure-' : ''}clinic.session_token`,
    idleTimeoutMs: IDLE_TIMEOUT_SECONDS * 1000,
    updateAgeMs: UPDATE_AGE_SECONDS * 1000,
    absoluteLifetimeMs: ABSOLUTE_LIFETIME_MS,
    twoFactorSetting: SETTING_KEYS.requireTwoFactor,
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('twoFactorMissing', false);
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): Actor {
      return { userId: this.user?.id ?? null, ip: this.ip };
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { public: true },
    schema: { hide: true },
    async handler(req, reply) {
      const res = await auth.handler(toFetchRequest(req, baseUrl));
      reply.status(res.status);
      copyHeaders(res.headers, reply);
      const body = await res.text();
      return reply.send(body.length ? body : null);
    },
  });

  /** Loads the session (cookie or bearer) into req.user; refreshes the sliding expiry. */
  async function loadSession(req: FastifyRequest, reply: FastifyReply) {
    const fast = await fastSession(req.headers, clock.now());
    if (fast === null) return;
    if (fast) {
      if (!fast.active) return;
      req.sessionId = fast.sessionId;
      req.twoFactorMissing = !fast.twoFactorEnabled && fast.twoFactorRequired;
      req.user = fast.user;
      return;
    }
    const result = await auth.api.getSession({
      headers: toFetchRequest(req, baseUrl).headers,
      returnHeaders: true,
    });
    copyHeaders(result.headers, reply);
    const data = result.response;
    if (!data) return;
    const created = new Date(data.session.createdAt).getTime();
    if (clock.now().getTime() - created > ABSOLUTE_LIFETIME_MS) {
      // Past the absolute lifetime: end it on the server, whatever the idle timer says.
      await auth.api
        .revokeSession({ headers: toFetchRequest(req, baseUrl).headers, body: { token: data.session.token } })
        .catch(() => {});
      return;
    }
    const u = data.user as typeof data.user & Record<string, unknown>;
    if (u.active === false) return;
    req.sessionId = data.session.id;
    req.twoFactorMissing = u.twoFactorEnabled !== true && (await requireTwoFactor(db));
    req.user = {
      id: u.id,
      email: u.email,
      firstName: String(u.firstName ?? ''),
      lastName: String(u.lastName ?? ''),
      role: String(u.role ?? ''),
      doctor: Boolean(u.doctor),
      superadmin: Boolean(u.superadmin),
      authorized: Boolean(u.authorized),
    };
  }

  // onRequest, before the body is read or validated: an anonymous caller learns nothing about
  // a route's input rules and never makes the server parse an upload.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.public) return;
    if (req.url === '/api/docs' || req.url.startsWith('/api/docs/')) return; // the OpenAPI pages are public
    if (!req.routeOptions.url) return; // 404s go to the not-found handler
    await loadSession(req, reply);
    if (!req.user) throw new HttpError(401, MESSAGES.unauthenticated);
    if (!req.user.authorized) throw new HttpError(403, MESSAGES.forbidden);
    if (req.routeOptions.config?.superadmin && !req.user.superadmin)
      throw new HttpError(403, MESSAGES.forbidden);
    if (req.routeOptions.config?.admins && !isAdmin(req.user)) throw new HttpError(403, MESSAGES.forbidden);
    // The clinic requires two-factor sign-in: until it is set up (through /api/auth/two-factor,
    // public here), only the account page's own routes answer.
    if (req.twoFactorMissing && !req.url.startsWith('/api/my-account'))
      throw new HttpError(403, MESSAGES.twoFactorRequired);
  });

  app.decorate('loadSession', loadSession);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Loads the session into req.user on routes that are public but behave differently when signed in. */
    loadSession(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export default fp(authPlugin, { name: 'auth' });
