/**
 * A reply schema turned once into a function that writes an answer's JSON in one pass, as
 * fast-json-stringify does for JSON schemas: the keys the schema declares, in its order, each
 * value checked against its type on the way. zod's `safeEncode` then `JSON.stringify` walk the
 * answer twice and build a copy of it in between: for the search's twenty patients that was
 * about a tenth of the server's time per request (docs/decisions/0085-replies-written-in-one-pass.md).
 *
 * Only what answers are made of is compiled: objects, arrays, strings, numbers (whole ones
 * checked), booleans, literals, enums, nullable and optional. Any other part of a schema (a
 * string format, a union, a date, a transform) is encoded by zod itself, as before. And where an
 * answer does not fit, the function gives up (`undefined`) and the caller encodes the whole answer
 * with zod, which names the mismatch: a wrong answer is refused exactly as before.
 */
import { type $ZodType, safeEncode } from 'zod/v4/core';

/** The answer's JSON, or `undefined` when it does not fit the schema as compiled. */
type ReplyEncoder = (value: unknown) => string | undefined;

type Def = {
  type: string;
  /** A string or number format (z.email(), z.iso.date(), z.int()): a check of the schema itself. */
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
};
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;
const checks = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);
const WHOLE = new Set(['safeint', 'int32', 'uint32']);
/** What JSON.stringify escapes in a string: quotes, backslashes, control characters, lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;
const quoted = (s: string) => (ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`);

/**
 * `compiling`: the schemas being compiled further up, so a schema that contains itself (through
 * a getter) is left to zod where it recurs instead of compiling forever.
 */
export function compileReplyEncoder(schema: $ZodType, compiling = new Set<$ZodType>()): ReplyEncoder {
  const def = defOf(schema);
  const inner = (s: $ZodType) => compileReplyEncoder(s, new Set(compiling).add(schema));
  if (!compiling.has(schema))
    switch (def.type) {
      case 'string':
        if (def.checks?.length || def.format || def.coerce) break;
        return (v) => (typeof v === 'string' ? quoted(v) : undefined);
      case 'number': {
        const rules = checks(def);
        if (def.coerce || (def.format && !WHOLE.has(def.format))) break;
        if (!rules.every((c) => c.check === 'number_format' && WHOLE.has(c.format ?? ''))) break;
        const whole = rules.length > 0 || def.format !== undefined;
        return (v) =>
          typeof v === 'number' && Number.isFinite(v) && (!whole || Number.isSafeInteger(v))
            ? String(v)
            : undefined;
      }
      case 'boolean':
        if (def.checks?.length || def.coerce) break;
        return (v) => (typeof v === 'boolean' ? String(v) : undefined);
      case 'literal':
      case 'enum': {
        const allowed = def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {});
        if (!allowed.every((x) => ['string', 'number', 'boolean'].includes(typeof x))) break;
        return (v) => (allowed.includes(v) ? JSON.stringify(v) : undefined);
      }
      case 'nullable': {
        const value = inner(def.innerType as $ZodType);
        return (v) => (v === null ? 'null' : value(v));
      }
      case 'array': {
        if (def.checks?.length) break;
        const element = inner(def.element as $ZodType);
        return (v) => {
          if (!Array.isArray(v)) return undefined;
          let out = '[';
          for (let i = 0; i < v.length; i++) {
            const item = element(v[i]);
            if (item === undefined) return undefined;
            out += i ? `,${item}` : item;
          }
          return `${out}]`;
        };
      }
      case 'object': {
        if (def.catchall || def.checks?.length) break;
        const fields = Object.entries(def.shape ?? {}).map(([key, field]) => {
          const optional = defOf(field).type === 'optional';
          return {
            key,
            prefix: `${JSON.stringify(key)}:`,
            optional,
            encode: inner(optional ? (defOf(field).innerType as $ZodType) : field),
          };
        });
        return (v) => {
          if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
          const o = v as Record<string, unknown>;
          let out = '{';
          for (const f of fields) {
            const x = o[f.key];
            if (x === undefined && f.optional) continue;
            const encoded = f.encode(x);
            if (encoded === undefined) return undefined;
            out += out.length > 1 ? `,${f.prefix}${encoded}` : f.prefix + encoded;
          }
          return `${out}}`;
        };
      }
    }
  // Anything else is zod's own: its encoded value, written by JSON.stringify.
  return (v) => {
    const r = safeEncode(schema, v);
    return r.success ? JSON.stringify(r.data) : undefined;
  };
}
