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
