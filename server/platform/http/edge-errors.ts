/**
 * The failures Fastify and Node answer before a route runs, in the API's envelope and in Romanian
 * like every other failure (issue 54, item 9), and where the OpenAPI documents them:
 * - 414: a path parameter longer than Fastify's `maxParamLength` (100 characters); only
 *   operations with a path parameter can answer it;
 * - 415: a body whose `Content-Type` has no parser; only operations that take a body
 *   (POST, PUT, PATCH, DELETE);
 * - 431: request headers beyond Node's `maxHeaderSize` (16 KB): Node's parser refuses them before
 *   Fastify routes the request, so any operation can answer it;
 * - 400: a path Fastify cannot decode.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../errors';

const envelope = (message: string) => ({ status: 0 as const, message });

/** Fastify's `frameworkErrors`: a path parameter too long (414) or a path that cannot be decoded (400). */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send(envelope(MESSAGES.uriTooLong));
  return reply.code(400).send(envelope(MESSAGES.validation));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses, answered on the raw socket (no
 * request exists yet): 431 for headers too large, 408 for a request that took too long, 400 for
 * anything else it cannot parse. A connection already gone is left alone.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.timeout]
        : [400, 'Bad Request', MESSAGES.validation];
  const body = JSON.stringify(envelope(message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${code} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

/** Methods whose requests Fastify parses a body of (and so may answer 415). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The edge failures an operation can answer, by its method and URL: 431 always, 414 with a path
 * parameter, 415 with a body.
 */
export function edgeErrorCodes(methods: string | string[], url: string): number[] {
  const codes = [431];
  if (url.includes(':') || url.includes('*')) codes.push(414);
  if (([] as string[]).concat(methods).some((m) => BODY_METHODS.has(m))) codes.push(415);
  return codes;
}
