/**
 * Security headers on every kind of answer: the SPA's pages and assets (a fake build), API
 * answers (success, refusal, not found) and stored document files. HSTS only when PUBLIC_URL is
 * https. The CSP forbids inline script and framing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makePatient } from '../test/factories';
import { setupTestApp, signedInStaff } from '../test/harness';
import { uploadDocument } from './seed';

const webDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-web-'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><div id="root"></div><script src="/assets/app.js"></script>',
);
writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');

const http = await setupTestApp({ webDir });
const https = await setupTestApp({ webDir, env: { PUBLIC_URL: 'https://clinica.example' } });

function directives(res: LightMyRequestResponse): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0], d.slice(d.split(/\s+/)[0].length).trim()]),
  );
}

function expectCommon(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toMatch(
    /^(no-referrer|strict-origin-when-cross-origin|same-origin)$/,
  );
  const csp = directives(res);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toBe("'none'");
  const script = csp.get('script-src') ?? csp.get('default-src') ?? '';
  expect(script, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(script, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(csp.has('default-src'), `${what}: default-src`).toBe(true);
  expect(csp.get('object-src') ?? csp.get('default-src'), `${what}: object-src`).toMatch(/'none'|'self'/);
}

async function answers(ctx: typeof http) {
  const staff = await signedInStaff(ctx, { doctor: true });
  const patient = await makePatient(ctx.database.db);
  const up = await uploadDocument(ctx, staff, patient.id);
  expect(up.statusCode).toBeLessThan(300);
  const id = up.json().id as number;
  const link = await ctx.app.inject({
    method: 'GET',
    url: `/api/documents/${id}/url`,
    headers: staff.headers,
  });
  expect(link.statusCode).toBe(200);
  const fileUrl = new URL(link.json().url, 'http://x');
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  return {
    'page /': await get('/'),
    'page /pacienti (SPA route)': await get('/pacienti/12'),
    'asset /assets/app.js': await get('/assets/app.js'),
    'API 200 /api/health': await get('/api/health'),
    'API 200 /api/patients': await get('/api/patients', staff.headers),
    'API 401 /api/patients': await get('/api/patients'),
    'API 404 /api/nothing': await get('/api/nothing'),
    'API 400 bad filters': await get('/api/patients?filters=%7B', staff.headers),
    'document file': await get(fileUrl.pathname + fileUrl.search),
  };
}

describe('security headers', () => {
  it('are on pages, assets, API answers and document files (http: no HSTS)', async () => {
    const all = await answers(http);
    for (const [what, res] of Object.entries(all)) {
      expect(res.statusCode, what).toBeLessThan(500);
      expectCommon(res, what);
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
    expect(all['page /'].statusCode).toBe(200);
    expect(all['page /pacienti (SPA route)'].headers['content-type']).toContain('text/html');
    expect(all['document file'].statusCode).toBe(200);
    // A stored file is sandboxed: even an HTML or SVG impostor could not run script.
    expect(directives(all['document file']).has('sandbox')).toBe(true);
    expect(all['document file'].headers['cache-control']).toContain('no-store');
  });

  it("keep search engines to the public pages: robots.txt, and noindex on a patient's page and the back office (issue 54)", async () => {
    const get = (url: string) => http.app.inject({ method: 'GET', url });
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /p/', 'Disallow: /app']),
    );
    for (const page of [`/p/${'A'.repeat(43)}`, '/app/patients', '/user/login'])
      expect((await get(page)).headers['x-robots-tag'], page).toBe('noindex, nofollow');
    for (const page of ['/', '/user/register'])
      expect((await get(page)).headers['x-robots-tag'], page).toBeUndefined();
    // Framing is forbidden by the CSP's frame-ancestors alone, not twice.
    expect((await get('/')).headers['x-frame-options']).toBeUndefined();
  });

  it('add HSTS when PUBLIC_URL is https', async () => {
    const all = await answers(https);
    for (const [what, res] of Object.entries(all)) {
      expectCommon(res, what);
      const hsts = String(res.headers['strict-transport-security'] ?? '');
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), `${what}: HSTS`).toBeGreaterThanOrEqual(31536000);
    }
  });
});
