/**
 * Identity with better-auth (DESIGN §6 "Sessions"): e-mail + password, no public sign-up,
 * database sessions (idle timeout 1 h, sliding), bearer tokens for API clients, two-factor,
 * reset links through the outbox, throttled sign-in with counters in the database.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { PASSWORD_MESSAGES, STAFF_PASSWORD_MIN } from '../../../domain/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/auth';
import { enqueueMail } from '../mail';
import { allowedOrigins, linkBase } from '../origins';
import { RESET_LINK_SECONDS, resetTokenStorage, sendResetLimited } from './password-reset';
import { isCommonPassword } from './password-strength';
import {
  ACCOUNT_LOCKED_MESSAGE,
  ADDRESS_THROTTLED_MESSAGE,
  auditSignIn,
  clearFailures,
  isAccountLocked,
  isAddressThrottled,
  recordFailure,
} from './sign-in-guard';

/** The client IP the auth bridge (plugin.ts) put in x-forwarded-for: Fastify's trust-proxy aware req.ip. */
function clientIp(headers: Headers | undefined): string | null {
  return headers?.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

export const IDLE_TIMEOUT_SECONDS = 60 * 60;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Sliding expiry: a request more than this long after the last refresh pushes it to now + idle. */
export const UPDATE_AGE_SECONDS = 60;

export type AuthOptions = {
  /** Sign-in attempts per IP per minute (DESIGN §6: throttled). */
  signInPerMinute?: number;
  /** Check the Origin even under a test runner (better-auth's default there is not to). */
  checkOrigin?: boolean;
};

export function createAuth(db: Db, config: Config, opts: AuthOptions = {}) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: config.INSTITUTE_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    telemetry: { enabled: false },
    logger: { disabled: true },
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    // PUBLIC_URL (or, unset, the address the request came to) and TRUSTED_ORIGINS.
    trustedOrigins: (request) => allowedOrigins(config, request?.headers.get('host')),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 4, // the sign-in form's own rule; new passwords are checked below
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      async sendResetPassword({ user, url: authUrl, token }, request) {
        // The link on the address in use (PUBLIC_URL when set; see platform/origins.ts).
        const url = new URL(authUrl);
        const base = new URL(linkBase(config, request?.headers.get('host')));
        url.protocol = base.protocol;
        url.host = base.host;
        // The answer is the same when the hour's resets are used up: nothing tells who has an account.
        await sendResetLimited(db, user.id, token, (tx) =>
          enqueueMail(tx, {
            to: user.email,
            subject: 'Resetarea parolei',
            text:
              `Bună ziua,\n\nAți cerut resetarea parolei pentru contul ${user.email}.\n` +
              `Deschideți legătura de mai jos în cel mult o oră pentru a alege o parolă nouă:\n\n${url.href}\n\n` +
              'Dacă nu ați cerut acest lucru, ignorați acest mesaj; parola rămâne neschimbată.\n\n' +
              config.INSTITUTE_NAME,
          }),
        );
      },
    },
    verification: { storeIdentifier: resetTokenStorage },
    session: {
      expiresIn: IDLE_TIMEOUT_SECONDS,
      updateAge: UPDATE_AGE_SECONDS, // sliding: any request after a minute pushes the expiry to now + 1 hour
      cookieCache: { enabled: false }, // every request checks the database, so revocation is immediate
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', input: false, required: false, defaultValue: '' },
        lastName: { type: 'string', input: false, required: false, defaultValue: '' },
        role: { type: 'string', input: false, required: false, defaultValue: 'doctor' },
        doctor: { type: 'boolean', input: false, required: false, defaultValue: false },
        superadmin: { type: 'boolean', input: false, required: false, defaultValue: false },
        authorized: { type: 'boolean', input: false, required: false, defaultValue: false },
        active: { type: 'boolean', input: false, required: false, defaultValue: true },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: opts.signInPerMinute ?? 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: 'clinic',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // better-auth skips its Origin check under a test runner; the tests of origins turn it on.
      ...(opts.checkOrigin ? { disableOriginCheck: false } : {}),
    },
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            const [u] = await db
              .select({ active: schema.users.active })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (!u?.active) return false; // deactivated accounts cannot start a session
          },
          async after(session) {
            await db
              .update(schema.users)
              .set({ lastSignInAt: new Date() })
              .where(eq(schema.users.id, session.userId));
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          const ip = clientIp(ctx.headers);
          if (await isAddressThrottled(db, ip)) {
            await auditSignIn(db, { action: 'auth.sign-in-failed', ip, reason: 'address' });
            throw new APIError('TOO_MANY_REQUESTS', { message: ADDRESS_THROTTLED_MESSAGE });
          }
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string' && (await isAccountLocked(db, email))) {
            await auditSignIn(db, {
              action: 'auth.sign-in-failed',
              email,
              ip: clientIp(ctx.headers),
              reason: 'locked',
            });
            throw new APIError('TOO_MANY_REQUESTS', { message: ACCOUNT_LOCKED_MESSAGE });
          }
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const pw = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
          const problem = typeof pw === 'string' ? await checkStaffPassword(pw) : null;
          if (problem) throw new APIError('BAD_REQUEST', { message: problem });
        }
        // A password change ends the account's other sessions whatever the client asked (DESIGN §6).
        if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
      }),
      // Every sign-in attempt leaves an audit event; failures count towards the account's lock.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email' && ctx.path !== '/two-factor/verify-totp') return;
        const step = ctx.path === '/sign-in/email' ? 'password' : 'two-factor';
        const ip = clientIp(ctx.headers);
        const returned = ctx.context.returned as { statusCode?: number; status?: unknown } | undefined;
        const failed = returned instanceof APIError || (returned?.statusCode ?? 0) >= 400;
        const rawEmail = (ctx.body as { email?: unknown } | undefined)?.email;
        const email = typeof rawEmail === 'string' ? rawEmail : undefined;
        if (failed) {
          if (step === 'password' && email && (returned?.statusCode ?? 0) !== 429)
            await recordFailure(db, email);
          await auditSignIn(db, {
            action: 'auth.sign-in-failed',
            email,
            ip,
            step,
            reason: String(returned?.status ?? returned?.statusCode ?? ''),
          });
          return;
        }
        const session = ctx.context.newSession;
        if (email) await clearFailures(db, email);
        await auditSignIn(db, {
          action: 'auth.sign-in',
          userId: session?.user.id ?? null,
          email: email ?? session?.user.email,
          ip,
          step: session ? step : `${step} (two-factor pending)`,
        });
      }),
    },
    plugins: [bearer(), twoFactor({ issuer: config.INSTITUTE_NAME })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Returns the Romanian reason a new staff password is refused, or null when it is fine.
 * `userInputs` (name, e-mail) make passwords built from them weak.
 */
export async function checkStaffPassword(pw: string, userInputs: string[] = []): Promise<string | null> {
  if (pw.length < STAFF_PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (await isCommonPassword(pw, userInputs)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}
