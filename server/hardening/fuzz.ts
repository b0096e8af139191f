/**
 * The route fuzz shared by the fuzz test files: every /api route of the route table gets
 * `numRuns` hostile requests (signed in as a superadmin, or signed out with forged credentials).
 * Each answer must be below 500, and an answer 4xx must leave every guarded table as it was.
 */
import { getTableName, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { RouteInfo } from '../app';
import { PDF } from '../features/documents/test/samples';
import { signIn, TEST_PASSWORD, type TestContext } from '../test/harness';
import {
  deepJsonText,
  hostileHeaders,
  invalidUtf8,
  jsonValue,
  junkCredentials,
  nastyString,
  PROTO_KEYS,
  protoJson,
  queryString,
} from './arbitraries';
import { GUARDED_TABLES, multipart, type Part, type Seed } from './seed';

export const FILTER_KEYS = [
  'name',
  'doctor',
  'appointment_date',
  'date',
  'status',
  'status_id',
  'cnp',
  'phone',
  'created_at',
  'patient_id',
  'document_id',
  'actorId',
  'patientId',
  'action',
  'from',
  'to',
  'id',
  'at',
  'selected_date',
];

const AUTH_PATHS = [
  'sign-in/email',
  'sign-up/email',
  'sign-out',
  'get-session',
  'request-password-reset',
  'reset-password',
  'change-password',
  'update-user',
  'two-factor/verify-totp',
  'two-factor/enable',
  'list-sessions',
  'revoke-session',
  'ok',
  '..%2f..%2fadmin',
  'x'.repeat(300),
];

type OpenApiOp = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

export type FuzzStats = { route: string; cases: number; statuses: Record<number, number> }[];

/**
 * The same cases on every run (CI stays reproducible; a failure prints its seed), a new draw
 * with FUZZ_SEED=random, or a given one with FUZZ_SEED=<number>.
 */
export function fuzzSeed(label: string): number | undefined {
  const env = process.env.FUZZ_SEED;
  if (env === 'random') return undefined;
  if (env) return Number(env);
  let h = 2166136261;
  for (const ch of label) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h | 0;
}

export function routeKey(r: { method: string; url: string }) {
  return `${r.method} ${r.url}`;
}

export function fuzzableRoutes(ctx: TestContext): RouteInfo[] {
  return ctx.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
}

/** Valid ids for a route parameter, chosen by the route it belongs to. */
function validIds(seed: Seed, url: string, param: string): (string | number)[] {
  const i = seed.ids;
  if (param === 'guid') return i.guids;
  if (param === 'calendarId' || param === 'calendar_id') return i.calendars;
  if (param === 'entryId') {
    if (url.includes('/availability/')) return i.availability;
    if (url.includes('/unavailable-days/')) return i.unavailable;
    return i.entries;
  }
  if (param === 'file') return ['feed.ics', 'x.ics'];
  if (url.startsWith('/api/patients')) return i.patients;
  if (url.startsWith('/api/appointment')) return i.appointments;
  if (url.startsWith('/api/documents')) return i.documents;
  if (url.startsWith('/api/admin/staff')) return i.users;
  if (url.startsWith('/api/admin/calendars')) return i.calendars;
  if (url.startsWith('/api/admin/statuses')) return i.statuses;
  if (url.startsWith('/api/my-account')) return i.timeOff;
  return [];
}

const junkParam = fc.oneof(
  nastyString,
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999',
    'NaN',
    '%00',
    '..',
    '00000000-0000-0000-0000-000000000000',
  ),
);

/** Multipart parts for POST /api/documents: fields and files of every wrong kind, or right. */
export function documentParts(seed: Pick<Seed, 'ids'>): fc.Arbitrary<Part[]> {
  const field = fc.oneof(
    fc.record({
      name: fc.constantFrom('title', 'patient_id', 'status', ...PROTO_KEYS),
      value: fc.oneof(nastyString, fc.constantFrom(...seed.ids.patients.map(String))),
    }),
    fc.record({
      name: fc.constantFrom('document', 'title', 'file'),
      filename: fc.constantFrom(
        'a.pdf',
        '../../../etc/passwd',
        '..\\..\\x.pdf',
        'x.exe',
        'a"b.pdf',
        '',
        '%00.pdf',
        '<script>.pdf',
        `${'n'.repeat(400)}.pdf`,
        'scan.jpg',
      ),
      data: fc.oneof(
        fc.constant(PDF),
        fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
        fc.constant(Buffer.from('<html><script>alert(1)</script></html>')),
        fc.constant(Buffer.alloc(0)),
      ),
      type: fc.constantFrom('application/pdf', 'text/html', 'image/jpeg', 'application/octet-stream'),
    }),
  );
  return fc.array(field, { maxLength: 6 });
}

type Req = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  signedIn: boolean;
};

function caseArbitrary(
  route: RouteInfo,
  op: OpenApiOp | undefined,
  seed: Seed,
): fc.Arbitrary<Omit<Req, 'headers'> & { headers: Record<string, string> }> {
  const params = (route.url.match(/:([A-Za-z_]+)/g) ?? []).map((p) => p.slice(1));
  const paramArbs = params.map((p) => {
    const valid = validIds(seed, route.url, p).map(String);
    return valid.length
      ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: junkParam })
      : junkParam;
  });
  const wildcard = route.url.endsWith('*') ? fc.constantFrom(...AUTH_PATHS) : fc.constant('');
  const queryKeys = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const bodyKeys = Object.keys(op?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const isUpload = route.method === 'POST' && route.url === '/api/documents';

  type Body = { payload?: string | Buffer; contentType?: string };
  const jsonBody: fc.Arbitrary<Body> = fc.oneof(
    {
      weight: 6,
      arbitrary: jsonValue(bodyKeys).map((v) => ({
        payload: JSON.stringify(v) ?? 'null',
        contentType: 'application/json',
      })),
    },
    { weight: 1, arbitrary: protoJson.map((p) => ({ payload: p, contentType: 'application/json' })) },
    { weight: 1, arbitrary: deepJsonText.map((p) => ({ payload: p, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: invalidUtf8.map((b) => ({ payload: b, contentType: 'application/json; charset=utf-8' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":1,}', "{'a':1}", '', 'null', '[]', '"x"')
        .map((p) => ({ payload: p, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          nastyString,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=latin1',
          ),
        )
        .map(([p, contentType]) => ({ payload: p, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const body: fc.Arbitrary<Body> = isUpload
    ? fc.oneof(
        { weight: 4, arbitrary: documentParts(seed).map((parts) => multipart(parts)) },
        { weight: 1, arbitrary: jsonBody },
      )
    : hasBody
      ? jsonBody
      : fc.constant({});

  return fc
    .record({
      params: fc.tuple(...paramArbs),
      tail: wildcard,
      query: fc.option(queryString(queryKeys, FILTER_KEYS), { freq: 3, nil: '' }),
      body,
      headers: hostileHeaders,
      signedIn: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
      credentials: junkCredentials,
    })
    .map(({ params: values, tail, query, body: b, headers, signedIn, credentials }) => {
      let url = route.url.replace(/\*$/, tail);
      params.forEach((p, i) => {
        url = url.replace(`:${p}`, encodeURIComponent(values[i] as string));
      });
      if (query) url += `?${query}`;
      const h: Record<string, string> = {};
      for (const [k, v] of Object.entries({ ...headers, ...(signedIn ? {} : credentials) }))
        if (typeof v === 'string') h[k] = v;
      if (b.contentType) h['content-type'] = b.contentType;
      return { method: route.method, url, headers: h, payload: b.payload, signedIn };
    });
}

/**
 * Counts row changes in the guarded tables with row triggers: a transaction that rolls back takes
 * its count with it, so the counter moves only for writes that stayed. One tiny query per case.
 */
export async function installChangeCounter(ctx: TestContext) {
  const run = (q: string) => ctx.database.db.execute(sql.raw(q));
  await run('create table if not exists fuzz_changes (n bigint not null)');
  await run('insert into fuzz_changes select 0 where not exists (select 1 from fuzz_changes)');
  await run(
    'create or replace function fuzz_count() returns trigger language plpgsql as $$ begin update fuzz_changes set n = n + 1; return null; end $$',
  );
  for (const t of GUARDED_TABLES) {
    const name = getTableName(t);
    // users.last_sign_in_at is written after a sign-in's answer; the account itself is what counts.
    const cols = 'email, name, role, doctor, superadmin, authorized, active, two_factor_enabled';
    const when =
      name === 'users'
        ? `when ((${cols.replace(/(\w+)/g, 'old.$1')}) is distinct from (${cols.replace(/(\w+)/g, 'new.$1')}))`
        : 'when (old is distinct from new)';
    await run(`drop trigger if exists fuzz_ins on "${name}"`);
    await run(`drop trigger if exists fuzz_upd on "${name}"`);
    await run(
      `create trigger fuzz_ins after insert or delete on "${name}" for each row execute function fuzz_count()`,
    );
    await run(
      `create trigger fuzz_upd after update on "${name}" for each row ${when} execute function fuzz_count()`,
    );
  }
}

export async function changeCount(ctx: TestContext): Promise<string> {
  const res = (await ctx.database.db.execute(sql.raw('select n from fuzz_changes'))) as unknown as {
    rows: { n: string | number }[];
  };
  return String(res.rows[0].n);
}

export async function fuzzRoutes(
  ctx: TestContext,
  seed: Seed,
  routes: RouteInfo[],
  numRuns: number,
  stats: FuzzStats,
) {
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOp>> };
  let cookie = seed.superadmin.cookie;
  await installChangeCounter(ctx);
  let before = await changeCount(ctx);
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const op = spec.paths[path]?.[route.method.toLowerCase()];
    const row = { route: routeKey(route), cases: 0, statuses: {} as Record<number, number> };
    stats.push(row);
    await fc.assert(
      fc.asyncProperty(caseArbitrary(route, op, seed), async (c) => {
        const headers = c.signedIn ? { ...c.headers, cookie } : c.headers;
        const res = await ctx.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers,
          payload: c.payload,
        });
        row.cases++;
        row.statuses[res.statusCode] = (row.statuses[res.statusCode] ?? 0) + 1;
        const what = `${c.method} ${c.url.slice(0, 300)} (${c.signedIn ? 'superadmin' : 'signed out'})`;
        expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        const after = await changeCount(ctx);
        if (res.statusCode >= 400)
          expect(after, `${what} answered ${res.statusCode} but changed rows`).toBe(before);
        before = after;
        // A successful sign-out or session change through the fuzz: take a new session.
        if (c.signedIn && route.url.startsWith('/api/auth/') && res.statusCode < 400) {
          cookie = await signIn(ctx.app, seed.superadmin.email, TEST_PASSWORD);
        }
      }),
      { numRuns, endOnFailure: true, seed: fuzzSeed(row.route) },
    );
    // Keep the superadmin signed in for the next route (the fuzz may have ended its session).
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/user-details', headers: { cookie } });
    if (me.statusCode !== 200) cookie = await signIn(ctx.app, seed.superadmin.email, TEST_PASSWORD);
  }
}
