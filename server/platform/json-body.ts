/**
 * The JSON body parser: Fastify's own (prototype-poisoning keys refused) behind a nesting limit,
 * so a body of thousands of nested brackets is a 400 and never a stack overflow further on.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const MAX_JSON_DEPTH = 64;

/** Nesting depth of a JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) return done(badRequest(), undefined);
    parse(req, body as string, done);
  });
}
