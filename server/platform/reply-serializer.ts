/**
 * Serialises a JSON answer with its route's zod reply schema (domain/, `response` in the route
 * schema), like fastify-type-provider-zod's serializerCompiler: an answer that does not match
 * its schema is a ResponseSerializationError (a 500, logged), and keys the schema does not
 * declare are left out of the answer.
 *
 * That last part hides mistakes: a key missing from a reply schema silently removes data from
 * the answer. With `strict` (NODE_ENV=test, so in every API test) such an answer fails instead,
 * naming the keys, so each route's tests check its real answers against its documented schema.
 *
 * The JSON is written by the schema's compiled encoder (reply-encoder.ts) in one pass; an answer
 * it cannot write is encoded by zod, which refuses a wrong one. With `strict`, every answer is
 * also encoded by zod and the two texts must be the same, so the API tests check the compiled
 * encoder against zod on every answer they get.
 */
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { compileReplyEncoder } from './reply-encoder';

/** Paths of `sent` (as JSON) that are missing from `kept` ('' for the root, `a.b[]` inside). */
export function droppedKeys(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return [...new Set(sent.flatMap((x, i) => droppedKeys(x, kept[i], `${path}[]`)))];
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object' || Array.isArray(kept))
    return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(sent)) {
    if (v === undefined) continue;
    const p = path ? `${path}.${k}` : k;
    if (!(k in kept)) out.push(p);
    else out.push(...droppedKeys(v, (kept as Record<string, unknown>)[k], p));
  }
  return [...new Set(out)];
}

type SchemaArg = { schema: unknown; method: string; url: string };

export function replySerializerCompiler(strict: boolean) {
  return ({ schema: maybeSchema, method, url }: SchemaArg) => {
    const schema = (
      maybeSchema instanceof $ZodType ? maybeSchema : (maybeSchema as { properties: unknown }).properties
    ) as $ZodType;
    const encode = compileReplyEncoder(schema);
    return (data: unknown) => {
      const written = encode(data);
      if (written !== undefined && !strict) return written;
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const lost = droppedKeys(JSON.parse(JSON.stringify(data)), JSON.parse(JSON.stringify(result.data)));
        if (lost.length)
          // A 500; with DEBUG_APP=1 the log names the keys.
          throw new Error(`${method} ${url}: answer keys missing from the reply schema: ${lost.join(', ')}`);
      }
      const json = JSON.stringify(result.data);
      if (strict && written !== undefined && written !== json)
        throw new Error(`${method} ${url}: the compiled reply encoder wrote ${written}, zod ${json}`);
      return json;
    };
  };
}
