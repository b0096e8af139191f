/**
 * The API's edges (issue 20 §5): a wrong method on a known path is a 405 with `Allow`; the
 * OpenAPI documents the failures of every operation; /api/docs is served under the app's
 * Content-Security-Policy with the online validator off.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp, signedInStaff } from './harness';

const ctx = await setupTestApp();
const admin = await signedInStaff(ctx, { superadmin: true, doctor: true });

describe('method not allowed', () => {
  it.each([
    ['DELETE', '/api/patients', ['GET', 'HEAD', 'POST', 'PUT']],
    ['PUT', '/api/misc/states', ['GET', 'HEAD']],
    ['PATCH', '/api/patients/12', ['GET', 'HEAD']],
    ['POST', '/api/calendar-feed/abcdefghijklmnopqrstu.ics', ['GET', 'HEAD']],
  ])('%s %s answers 405 with Allow', async (method, url, allow) => {
    for (const headers of [admin.headers, {}]) {
      const res = await ctx.app.inject({ method: method as 'PUT', url, headers, payload: {} });
      expect(res.statusCode, res.body).toBe(405);
      expect(
        String(res.headers.allow)
          .split(',')
          .map((m) => m.trim())
          .sort(),
      ).toEqual(allow);
      expect(res.json()).toEqual({ status: 0, message: 'Metoda nu este permisă pentru această adresă.' });
    }
  });

  it('an unknown path is still a 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nu-exista', headers: admin.headers });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});

describe('the published OpenAPI', () => {
  it('documents 400, 401, 403, 404, 409 and 429 on every operation, with the error shape', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const missing: string[] = [];
    let ops = 0;
    for (const [path, methods] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(methods)) {
        ops++;
        for (const code of ['400', '401', '403', '404', '409', '429'])
          if (!op.responses?.[code]?.content) missing.push(`${method.toUpperCase()} ${path} ${code}`);
      }
    expect(ops).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});

describe('failures answered before a route runs (issue 54, item 9)', () => {
  type Spec = { paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>> };
  const documented = async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Spec;
    const byCode: Record<string, string[]> = { '414': [], '415': [], '431': [] };
    for (const [path, methods] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(methods))
        for (const code of Object.keys(byCode))
          if (op.responses?.[code]?.content) byCode[code].push(`${method.toUpperCase()} ${path}`);
    return { spec, byCode };
  };

  it('the OpenAPI documents 431 on every operation, 414 where a path parameter is, 415 where a body is', async () => {
    const { spec, byCode } = await documented();
    const ops = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(byCode['431']).toEqual(ops);
    expect(byCode['414']).toEqual(ops.filter((o) => o.includes('{')));
    expect(byCode['415']).toEqual(ops.filter((o) => /^(POST|PUT|PATCH|DELETE) /.test(o)));
    expect(byCode['414']).toContain('GET /api/self-service/{token}');
    expect(byCode['414']).not.toContain('GET /api/patients');
    expect(byCode['415']).toContain('POST /api/appointment');
    expect(byCode['415']).not.toContain('GET /api/patients');
  });

  it('answers them in the envelope, in Romanian', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/self-service/${'A'.repeat(150)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ status: 0, message: 'Adresa cererii este prea lungă.' });
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { ...admin.headers, 'content-type': 'application/xml' },
      payload: '<patient/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ status: 0, message: 'Tipul conținutului trimis nu este acceptat.' });
    // Node's parser refuses headers beyond 16 KB before Fastify sees the request: a real socket.
    // (The harness's app.close() closes the listening server.)
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/health`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ status: 0, message: 'Antetele cererii sunt prea mari.' });
  });
});

describe('documented replies (issue 18 item 2)', () => {
  type Op = {
    responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  };
  const spec = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Op>>;
    };

  it('every operation documents the schema of its success answer', async () => {
    const { paths } = await spec();
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(paths))
      for (const [method, op] of Object.entries(methods)) {
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        const documented = success.some(([, r]) =>
          Object.values(r.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0),
        );
        if (!documented) missing.push(`${method.toUpperCase()} ${path}`);
      }
    expect(missing).toEqual([]);
  });

  it('a JSON success answer is the envelope: an object whose status is 1', async () => {
    type Json = { type?: string; anyOf?: Json[]; properties?: Record<string, { enum?: unknown[] }> };
    const says1 = (j: Json): boolean =>
      j.anyOf ? j.anyOf.some(says1) : j.type === 'object' && j.properties?.status?.enum?.[0] === 1;
    const { paths } = await spec();
    const loose: string[] = [];
    for (const [path, methods] of Object.entries(paths))
      for (const [method, op] of Object.entries(methods))
        for (const [code, r] of Object.entries(op.responses ?? {})) {
          const schema = r.content?.['application/json']?.schema as Json | undefined;
          if (/^2\d\d$/.test(code) && schema && !says1(schema))
            loose.push(`${method.toUpperCase()} ${path} ${code}`);
        }
    expect(loose).toEqual([]);
  });

  it('files are documented as bytes of their media type', async () => {
    const { paths } = await spec();
    const file = (path: string) => paths[path]?.get?.responses?.['200']?.content ?? {};
    expect(file('/api/documents/{id}/file')['application/pdf']?.schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(file('/api/calendar-feed/{file}')['text/calendar']?.schema).toMatchObject({ format: 'binary' });
    expect(Object.keys(file('/api/patients/{id}/consultation-letter/{guid}/pdf'))).toEqual([
      'application/pdf',
    ]);
    expect(Object.keys(file('/api/privacy/patients/{id}/export'))).toEqual(['application/zip']);
    expect(Object.keys(file('/api/admin/audit/export.csv'))).toEqual(['text/csv']);
  });
});

describe('/api/docs', () => {
  it("is served under the app's Content-Security-Policy, with no third-party source", async () => {
    const app = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    for (const url of [
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-initializer.js',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toBe(String(app.headers['content-security-policy']));
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/https:|validator\.swagger\.io/);
    }
  });

  it('keeps the online validator off', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(res.body).toMatch(/validatorUrl: null/);
    expect(res.body).not.toContain('validator.swagger.io');
  });
});
