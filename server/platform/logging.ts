/**
 * The production logger configuration, shared by server/main.ts and the test that proves the
 * logs carry no personal data: requests are logged as method + route (never the query string,
 * headers, cookies or bodies: they carry CNPs, names, filters and session tokens; and the route's
 * pattern rather than the path, whose parameters may be a credential such as the calendar-feed
 * token), and error stacks lose their message line, which for a failed query lists the query's
 * parameters.
 */
import type { DestinationStream } from 'pino';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export function loggerOptions(level: LogLevel, stream?: DestinationStream) {
  return {
    level,
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, path: loggedPath(req), id: req.id }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: safeError,
    },
    // @fastify/multipart logs its options, request headers included, at trace level.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
        'busboyOptions.headers',
      ],
      censor: '[redacted]',
    },
    ...(stream ? { stream } : {}),
  };
}

type LoggedRequest = { method: string; url: string; id: string; routeOptions?: { url?: string } };

/** SPA paths whose last part is what the user typed (the search page: a CNP, a name). */
const TYPED_PATHS = ['/app/pages/search/'];

/**
 * What a request's path may show in the log: the matched route's pattern
 * (`/api/calendar-feed/:file`, `/api/patients/:id`); for a path no route matched (SPA pages,
 * 404s), the path with typed text and anything that looks like personal data (a long number,
 * an e-mail address, a long token) replaced.
 */
function loggedPath(req: LoggedRequest): string {
  const route = req.routeOptions?.url;
  if (route && !route.includes('*')) return route;
  const path = req.url.split('?')[0];
  const typed = TYPED_PATHS.find((p) => path.startsWith(p));
  if (typed) return `${typed}[redacted]`;
  return path
    .split('/')
    .map((seg) => {
      let s = seg;
      try {
        s = decodeURIComponent(seg);
      } catch {}
      return /\d{6}|@|[A-Za-z0-9_-]{20}|\s/.test(s) ? '[redacted]' : seg;
    })
    .join('/');
}

/** The stack frames of an error without its message ("Failed query: ... params: <CNP>"). */
export function safeStack(stack: string | undefined): string | undefined {
  if (!stack) return stack;
  return stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
}

/** An error as it may be logged: its type, code and frames; never its message or values. */
export function safeError(err: unknown) {
  const e = (err ?? {}) as { name?: string; type?: string; code?: unknown; stack?: string; detail?: unknown };
  return {
    type: e.type ?? e.name,
    code: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined,
    stack: safeStack(e.stack),
    ...(process.env.DEBUG_APP && e.detail ? { detail: e.detail } : {}),
  };
}
