/**
 * fast-check generators of hostile input: strings that break parsers and queries, JSON of the
 * wrong shape, prototype-pollution keys, deep nesting, huge values, invalid UTF-8.
 */
import fc from 'fast-check';

export const NASTY_STRINGS = [
  '',
  ' ',
  "'",
  '"',
  '\\',
  "' OR '1'='1",
  "'; DROP TABLE patients; --",
  '1; select pg_sleep(5)',
  "') union select email, null from users --",
  '%',
  '_',
  '%%%_',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, literally
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202E',
  '𝕏🩺',
  'ĂÂÎȘȚăâîșț',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9999999999999999999999',
  '2147483648',
  '-2147483649',
  '1.5',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '25:61',
  '1961031412345',
  '2960229123451',
  '+40722123456',
  'a@b',
  '@',
  'x'.repeat(5000),
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 120000 }).map((n) => 'A'.repeat(n)) },
);

const scalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -1, 1, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER, 1e308),
);

/** JSON text nested `depth` arrays/objects deep: it must not blow the stack or the validator. */
export const deepJsonText = fc
  .tuple(fc.integer({ min: 50, max: 5000 }), fc.constantFrom('[', '{"a":', '{"name":'))
  .map(
    ([depth, open]) =>
      open.repeat(depth) + (open === '[' ? '' : '1') + (open === '[' ? ']' : '}').repeat(depth),
  );
const deep = fc
  .integer({ min: 20, max: 200 })
  .map((d) => JSON.parse('['.repeat(d) + ']'.repeat(d)) as unknown);

/** JSON-able values whose keys are sometimes the ones the route expects. */
export function jsonValue(keys: string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    ),
  }));
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(key, value, { maxKeys: 8 }) },
    { weight: 2, arbitrary: value },
    { weight: 1, arbitrary: deep },
  );
}

/** A JSON text with `__proto__` as an own key (JSON.stringify cannot produce it from an object). */
export const protoJson = fc
  .tuple(fc.constantFrom(...PROTO_KEYS), scalar)
  .map(([k, v]) => `{"${k}":{"isAdmin":true,"superadmin":true,"polluted":${JSON.stringify(v) ?? 'null'}}}`);

/** Raw bytes that are not valid UTF-8 (overlong forms, lone continuation bytes, surrogates). */
export const invalidUtf8 = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.constantFrom(
      Buffer.from([0xc3, 0x28]),
      Buffer.from([0xa0, 0xa1]),
      Buffer.from([0xe2, 0x28, 0xa1]),
      Buffer.from([0xf0, 0x28, 0x8c, 0xbc]),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from([0xc0, 0xaf]),
      Buffer.from([0xff, 0xfe, 0xfd]),
    ),
  )
  .map(([s, bad]) =>
    Buffer.concat([Buffer.from(`{"x":"${s.replace(/["\\]/g, '')}`), bad, Buffer.from('"}')]),
  );

/** Query parameter values: nasty text, JSON text of any shape, numbers, percent-encoding junk. */
export function queryValue(filterKeys: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: nastyString },
    { weight: 3, arbitrary: jsonValue(filterKeys).map((v) => JSON.stringify(v) ?? '') },
    { weight: 1, arbitrary: protoJson },
    { weight: 1, arbitrary: deepJsonText.filter((t) => t.length < 3900) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,', '{"name":"\\ud800"}', 'nul', '"x"') },
  );
}

const RAW_QUERY_JUNK = [
  '%',
  '%ZZ',
  '%C3%28',
  '%FF%FE',
  '%00',
  'a[b]=c',
  'a[__proto__][x]=1',
  '&&&',
  '=',
  '==x',
  ';',
  '+',
];

/** A whole query string: encoded key=value pairs, repeated keys, and sometimes raw junk. */
export function queryString(keys: string[], filterKeys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...keys, 'filters', 'page', 'perPage') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const pair = fc
    .tuple(key, queryValue(filterKeys))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return fc
    .tuple(fc.array(pair, { maxLength: 5 }), fc.option(fc.constantFrom(...RAW_QUERY_JUNK), { freq: 4 }))
    .map(([pairs, junk]) => [...pairs, ...(junk ? [junk] : [])].join('&'));
}

/** Extra request headers a hostile client may send. */
export const hostileHeaders = fc.record(
  {
    'x-forwarded-for': fc.constantFrom(
      '1.2.3.4',
      "'; drop table users; --",
      '999.999.999.999',
      '::1, 10.0.0.1',
    ),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', '', 'application/json;q=0'),
    'accept-language': fc.constantFrom('ro', 'en', '*', 'x'.repeat(300)),
    range: fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=999999999-', 'bytes=abc', 'bytes=0-1,2-3'),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"0"'),
    // Our own origin mostly: a foreign one is refused (403) before the route runs.
    origin: fc.constantFrom(
      'http://localhost:3000',
      'http://localhost:3000',
      'http://localhost:3000',
      'null',
    ),
    'user-agent': nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 200)),
  },
  { requiredKeys: [] },
);

/** What a signed-out caller may present instead of a session. */
export const junkCredentials = fc.oneof(
  fc.constant({} as Record<string, string>),
  fc.constantFrom(
    { cookie: 'clinic.session_token=forged.signature' },
    { cookie: 'clinic.session_token=' },
    { cookie: `clinic.session_token=${'a'.repeat(4000)}` },
    { authorization: 'Bearer forged' },
    { authorization: 'Bearer ' },
    { authorization: "Basic ' OR 1=1" },
  ),
);
