/**
 * Builds the Fastify instance: platform plugins first, then the features' routes, then the SPA.
 * main.ts listens; tests call buildApp() and use app.inject().
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { errorReply, replies } from '../domain/api';
import '../domain/zod-setup';
import { type Config, publicInstitute } from './config';
import type { Database } from './db/client';
import { features, subscribeFeatures } from './features';
import { enableAuditGroupCommit } from './platform/audit';
import { type AuthOptions, createAuth } from './platform/auth/auth';
import authPlugin from './platform/auth/plugin';
import { type Clock, systemClock } from './platform/clock';
import { HttpError, MESSAGES, toHttpError, validationError } from './platform/errors';
import { Events } from './platform/events';
import { clientErrorHandler, edgeErrorCodes, frameworkErrors } from './platform/http/edge-errors';
import { registerJsonBodyParser } from './platform/json-body';
import { allowedOrigins } from './platform/origins';
import { replySerializerCompiler } from './platform/reply-serializer';
import { isSpaPath, loadSpaIndex } from './platform/spa-index';
import { getStorage, type Storage } from './platform/storage';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  auth?: AuthOptions;
  /** Directory of the built SPA (index.html); omitted in API tests. */
  webDir?: string;
  logger?: boolean | object;
  /** Per-IP request budget per minute for the whole API. */
  apiRateLimit?: number;
};

export type RouteInfo = {
  method: string;
  url: string;
  public: boolean;
  superadmin: boolean;
  admins: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
    /** What the features' services are made with (platform/deps.ts), and the app's own parts. */
    deps: Required<Pick<AppDeps, 'config' | 'database' | 'clock'>> & {
      db: Database['db'];
      events: Events;
      storage: Storage;
      auth: ReturnType<typeof createAuth>;
    };
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the server types vary with the listener; only the type provider matters here
export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? (process.env.DEBUG_APP ? { level: 'debug' } : false),
    // Forwarding headers are believed only from the proxies TRUST_PROXY names (none by default),
    // so req.ip (rate limits, audit) cannot be chosen by the client.
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // What Fastify and Node refuse before a route runs, in the envelope and in Romanian (414, 431).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Replies go through their zod schema; under test a key the schema would drop fails the answer.
  app.setSerializerCompiler(replySerializerCompiler(config.NODE_ENV === 'test'));
  registerJsonBodyParser(app);

  const auth = createAuth(database.db, config, deps.auth);
  enableAuditGroupCommit(database.db);
  const events = new Events();
  const appDeps = { config, database, db: database.db, clock, events, storage: getStorage(config), auth };
  subscribeFeatures(appDeps);
  app.decorate('deps', appDeps);

  // The security headers, built once. @fastify/helmet built helmet's whole middleware again on
  // every request (its CSP directives parsed each time: 2 % of a list request's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Mantine injects CSS variables at run time
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // frame-ancestors 'none' above forbids framing; every browser the product supports reads it.
    xFrameOptions: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );

  await app.register(rateLimit, {
    global: true,
    max: deps.apiRateLimit ?? 600,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      status: 0,
      message: MESSAGES.tooMany,
      retryAfter: ctx.after,
    }),
  });

  // State-changing requests must come from our own origin (CSRF defence beside SameSite cookies):
  // PUBLIC_URL or the address the request came to, and TRUSTED_ORIGINS (platform/origins.ts).
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const origin = req.headers.origin;
    if (!origin) return; // non-browser clients (bearer tokens) send none
    const host = req.headers.host;
    const own = [...allowedOrigins(config, host), ...(host ? [`http://${host}`, `https://${host}`] : [])];
    if (own.includes(origin)) return;
    throw new HttpError(403, MESSAGES.crossOrigin);
  });

  app.setErrorHandler((err, req, reply) => {
    const known = hasZodFastifySchemaValidationErrors(err)
      ? validationError(
          err.validation.map((v) => ({
            path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
            message: v.message ?? MESSAGES.validation,
            code: v.keyword,
            keys: (v.params as { keys?: string[] } | undefined)?.keys,
          })),
        )
      : toHttpError(err);
    if (known) {
      if (known.statusCode === 503)
        req.log.error({ code: (err as { code?: string }).code }, 'database unavailable');
      return reply
        .status(known.statusCode)
        .send({ status: 0, message: known.message, ...(known.errors ? { errors: known.errors } : {}) });
    }
    const e = err as Error & { code?: string };
    req.log.error(
      {
        err: {
          type: e.name,
          code: e.code,
          stack: e.stack,
          detail: process.env.DEBUG_APP ? e.message : undefined,
        },
      },
      'unhandled error',
    );
    return reply.status(500).send({ status: 0, message: MESSAGES.internal });
  });

  // Every documented operation lists the failures any route may answer (domain/api.ts replies()),
  // so that a client generated from the OpenAPI handles them; a route's own schema for a code wins.
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || !r.schema || r.schema.hide) return;
    const edge = Object.fromEntries(edgeErrorCodes(r.method, r.url).map((c) => [c, errorReply]));
    r.schema.response = { ...replies({}), ...edge, ...((r.schema.response as object | undefined) ?? {}) };
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.INSTITUTE_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Under the app's own Content-Security-Policy (helmet above): no framing, no third-party source;
  // the UI's scripts and styles are its own files. The online validator stays off.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { validatorUrl: null },
  });

  // Every route, as registered: the route sweep test walks this table.
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const methods = ([] as string[]).concat(r.method);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: r.url,
        public: Boolean(r.config?.public),
        superadmin: Boolean(r.config?.superadmin),
        admins: Boolean(r.config?.admins),
      });
    }
  });

  await app.register(authPlugin, {
    auth,
    baseUrl: config.publicUrl,
    clock,
    db: database.db,
    secret: config.authSecret,
  });

  for (const feature of features) await app.register(feature, { prefix: '/api' });

  // index.html with each public page's chunks preloaded (platform/spa-index.ts).
  const spaIndex =
    deps.webDir && existsSync(path.join(deps.webDir, 'index.html'))
      ? loadSpaIndex(deps.webDir, publicInstitute(config))
      : undefined;
  // A known path asked with a method it does not have: 405 with the methods it has (RFC 9110).
  let allowedMethods: ((path: string) => string[]) | undefined;
  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split('?')[0];
    if (pathOnly.startsWith('/api/')) {
      allowedMethods ??= methodsByPath(routeTable);
      const allow = allowedMethods(pathOnly);
      if (allow.length)
        return reply
          .status(405)
          .header('allow', allow.join(', '))
          .send({ status: 0, message: MESSAGES.methodNotAllowed });
    }
    if (req.url.startsWith('/api/') || req.url === '/api' || !spaIndex || req.method !== 'GET') {
      return reply.status(404).send({ status: 0, message: MESSAGES.notFound });
    }
    // Unknown page paths are 404 too, with the app (its public "page not found").
    if (!isSpaPath(req.url.split('?')[0])) reply.code(404);
    return spaIndex.send(req, reply);
  });

  if (deps.webDir && spaIndex) {
    await app.register(fastifyStatic, {
      root: deps.webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/build.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, (req, reply) => spaIndex.send(req, reply));
  }
  // Search engines may show the public pages; never a patient's page, the back office or the API.
  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );

  return app;
}

const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /p/',
  'Disallow: /app',
  'Disallow: /api/',
  'Disallow: /user/login',
  '',
].join('\n');

/** For a path, the methods the route table has for it (HEAD with GET), or none. */
function methodsByPath(routes: RouteInfo[]): (path: string) => string[] {
  const patterns = routes.map((r) => ({
    method: r.method,
    re: new RegExp(
      `^${r.url
        .split('/')
        .map((seg) =>
          seg === '*'
            ? '.*'
            : seg.startsWith(':')
              ? '[^/]+'
              : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+'),
        )
        .join('/')}$`,
    ),
  }));
  return (path) => {
    const methods = new Set(patterns.filter((p) => p.re.test(path)).map((p) => p.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
