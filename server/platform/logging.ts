/**
 * The production logger configuration, shared by server/main.ts and the test that proves the
 * logs carry no personal data: requests are logged as method + path (never the query string,
 * headers, cookies or bodies: they carry CNPs, names, filters and session tokens), and error
 * stacks lose their message line, which for a failed query lists the query's parameters.
 */
import type { DestinationStream } from 'pino';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export function loggerOptions(level: LogLevel, stream?: DestinationStream) {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
        id: req.id,
      }),
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
