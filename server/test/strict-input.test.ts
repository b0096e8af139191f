/**
 * Strict input (issue 20 §4): every write operation the published OpenAPI lists with a JSON body
 * refuses a key it does not know, with a 400 that names the key in Romanian, before doing
 * anything; names and titles refuse control characters. The operations are walked from /api/docs/json as the hardening fuzz walks them
 * (server/hardening/fuzz.ts), so a new operation is covered without editing this test.
 */
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE } from '../../domain/text';
import { setupTestApp, signedInStaff } from './harness';

type Op = { requestBody?: { content?: Record<string, { schema?: { additionalProperties?: unknown } }> } };

const ctx = await setupTestApp();
const admin = await signedInStaff(ctx, { superadmin: true, doctor: true });
const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Op>>;
};
const writes = Object.entries(spec.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method, op]) => method !== 'get' && op.requestBody?.content?.['application/json'])
    .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

const EXTRA = 'cheie_necunoscuta';

describe('strict request bodies', () => {
  it('the OpenAPI lists the write operations with JSON bodies', () => {
    expect(writes.length).toBeGreaterThanOrEqual(27);
  });

  it.each(writes.map((w) => [`${w.method} ${w.path}`, w] as const))(
    '%s refuses an unknown key with a Romanian 400',
    async (_name, w) => {
      const res = await ctx.app.inject({
        method: w.method as 'POST',
        // Ids as 1, and a well-formed (unknown) uuid where the path wants one, so the body is what is judged.
        url: w.path.replace(/\{guid\}/g, '00000000-0000-4000-8000-000000000000').replace(/\{[^}]+\}/g, '1'),
        headers: admin.headers,
        payload: { [EXTRA]: 'x' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.[EXTRA], res.body).toBe(`Câmp necunoscut: ${EXTRA}.`);
      // And the published schema says so, for clients generated from it.
      expect(w.op.requestBody?.content?.['application/json']?.schema?.additionalProperties).toBe(false);
    },
  );
});

describe('names and titles are one line', () => {
  const cases: [string, string, string, Record<string, unknown>][] = [
    ['POST', '/api/patients', 'name', {}],
    ['POST', '/api/patients', 'gp_name', {}],
    ['PUT', '/api/patients', 'name', { patientId: 1 }],
    ['PUT', '/api/patients', 'consultationTitle', { patientId: 1 }],
    ['POST', '/api/appointment', 'name', {}],
    ['POST', '/api/appointment', 'gp_name', {}],
    ['POST', '/api/admin/staff', 'firstName', {}],
    ['PATCH', '/api/admin/staff/x', 'lastName', {}],
    ['POST', '/user/user-details', 'firstName', {}],
    ['POST', '/api/admin/calendars', 'title', {}],
    ['POST', '/api/admin/statuses', 'title', {}],
  ];
  const controls = [
    'Ana\r\nBcc: x@example.ro',
    'Ana\nPop',
    'Ana\tPop',
    'Ana\u0000',
    'Ana\u2028Pop',
    'Ana\u0085',
    // Invisible ones (issue 54): a zero-width space, a right-to-left override, a BOM, a word joiner.
    'Pop\u200bescu',
    'Ana \u202eucsepoP',
    'Ana\ufeffPop',
    'Ana\u2060Pop',
  ];
  let client = 0;
  it.each(cases)('%s %s refuses control characters in %s', async (method, url, field, rest) => {
    for (const value of controls) {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url: url.startsWith('/api') ? url : `/api${url}`,
        headers: admin.headers,
        payload: { ...rest, [field]: value },
        // Its own address each time: the public form's per-address limits are not under test.
        // Each client its own /24: the form counts clients by network (platform/client-network.ts).
        remoteAddress: `198.51.${++client % 256}.7`,
      });
      expect(res.statusCode, `${JSON.stringify(value)}: ${res.body}`).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(value)).toBe(CONTROL_CHARS_MESSAGE);
    }
  });
});
