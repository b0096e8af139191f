import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { isSpaPath, loadSpaIndex, preloadTags } from './spa-index';

const manifest = {
  'main.tsx': {
    file: 'assets/index-A.js',
    isEntry: true,
    css: ['assets/index-A.css'],
    imports: ['_react.js'],
  },
  '_react.js': { file: 'assets/react-B.js' },
  'features/registration/register-page.tsx': {
    file: 'assets/register-page-C.js',
    css: ['assets/register-C.css'],
    imports: ['_react.js', '_form.js'],
  },
  '_form.js': {
    file: 'assets/form-D.js',
    css: ['assets/index-A.css', 'assets/form-D.css'],
    imports: ['_react.js'],
  },
};

describe('preloadTags', () => {
  it('names the page chunk, its static imports and stylesheets, not what the entry already loads', () => {
    expect(
      preloadTags(manifest, 'features/registration/register-page.tsx')
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/register-C.css">',
      '<link rel="stylesheet" crossorigin href="/assets/form-D.css">',
      '<link rel="modulepreload" crossorigin href="/assets/register-page-C.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-D.js">',
    ]);
  });

  it('names several modules once each (a staff screen: the shell, then the screen)', () => {
    const withShell = {
      ...manifest,
      'app/shell.tsx': { file: 'assets/shell-E.js', imports: ['_react.js', '_form.js'] },
    };
    expect(
      preloadTags(withShell, ['app/shell.tsx', 'features/registration/register-page.tsx'])
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/form-D.css">',
      '<link rel="stylesheet" crossorigin href="/assets/register-C.css">',
      '<link rel="modulepreload" crossorigin href="/assets/shell-E.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-D.js">',
      '<link rel="modulepreload" crossorigin href="/assets/register-page-C.js">',
    ]);
  });

  it('adds nothing for a page the build does not have', () => {
    expect(preloadTags(manifest, 'features/nope.tsx')).toBe('');
  });
});

describe('loadSpaIndex', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spa-index-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><title>t</title>\n  </head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(dir, '.vite', 'prerender.json'),
    JSON.stringify({
      tokens: { name: '%%name%%' },
      pages: { '/user/register': '<p title="%%name%%">%%name%%</p>' },
    }),
  );
  const institute = {
    name: 'Institutul "A" & <B>',
    tagline: '',
    contactEmail: 'a@b.ro',
    gdprProtocolUrl: '',
  };

  async function get(url: string, headers: Record<string, string> = {}) {
    const app = Fastify();
    const index = loadSpaIndex(dir, institute, {
      '/user/register': 'features/registration/register-page.tsx',
      '/user/other': 'features/registration/register-page.tsx',
      '/p/:token': 'features/registration/register-page.tsx',
    });
    app.get('/*', (req, reply) => index.send(req, reply));
    const res = await app.inject({ method: 'GET', url, headers });
    await app.close();
    return res;
  }

  it('sends a public page with its stylesheets, its first paint (institute escaped) and the institute meta', async () => {
    const res = await get('/user/register?x=1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/register-C.css">');
    // Its code comes after the paint, not competing with the stylesheets.
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<p title="Institutul &#34;A&#34; &#38; &#60;B&#62;">Institutul &#34;A&#34; &#38; &#60;B&#62;</p></div>\n    <div id="root">',
    );
    expect(html).toContain('<div id="static-first-paint" inert');
    expect(html).toContain('<meta name="institute" content="{&#34;name&#34;:&#34;Institutul');
    expect(html).not.toContain('<B>');
  });

  it('preloads the code of a listed page without a first paint', async () => {
    const html = (await get('/user/other/')).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/register-page-C.js">');
    expect(html).not.toContain('static-first-paint');
  });

  it('a page path with a parameter matches any one segment there, nothing more', async () => {
    expect((await get('/p/abc_DEF-123')).body).toContain('rel="modulepreload"');
    expect((await get('/p/abc/def')).body).not.toContain('modulepreload');
    expect((await get('/p')).body).not.toContain('modulepreload');
  });

  it.each([
    ['a link of today (22 characters)', `${'A'.repeat(10)}_-${'z9'.repeat(5)}`],
    ['an older link (43 characters)', `${'A'.repeat(20)}_-${'z9'.repeat(10)}b`],
  ])(
    "announces a self-service page's appointment with its page, for that token only: %s",
    async (_, token) => {
      expect([22, 43]).toContain(token.length);
      expect((await get(`/p/${token}`)).headers.link).toBe(
        `</api/self-service/${token}>; rel=preload; as=fetch; crossorigin=use-credentials`,
      );
      // Its 304 too: the browser reads the header of the answer it uses.
      const first = await get(`/p/${token}`);
      const again = await get(`/p/${token}`, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.headers.link).toContain(`/api/self-service/${token}>`);
      for (const other of ['/p/abc_DEF-123', `/p/${token}x`, '/user/register', '/app/patients']) {
        expect((await get(other)).headers.link).toBeUndefined();
      }
    },
  );

  it("announces a staff screen's first requests to a request with a session cookie only", async () => {
    const preload = (urls: string[]) =>
      urls.map((u) => `<${u}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
    const session = { cookie: 'theme=dark; clinic.session_token=abc.def' };
    const dashboard = preload([
      '/api/user/user-details',
      '/api/dashboard',
      '/api/dashboard/weekly',
      '/api/dashboard/journey',
    ]);
    expect((await get('/app/dashboard', session)).headers.link).toBe(dashboard);
    expect((await get('/app', session)).headers.link).toBe(dashboard);
    expect((await get('/app/patients/12', session)).headers.link).toBe(preload(['/api/user/user-details']));
    expect((await get('/app/dashboard', { cookie: '__Secure-clinic.session_token=a' })).headers.link).toBe(
      dashboard,
    );
    // Signed out the screen goes to the login page: nothing is asked for in its name.
    for (const cookie of [undefined, 'clinic.session_token_old=1', 'x=clinic.session_token']) {
      expect((await get('/app/dashboard', cookie ? { cookie } : {})).headers.link, cookie).toBeUndefined();
    }
  });

  it('sends other pages plain (gzip or identity) and answers 304 to its ETag', async () => {
    const res = await get('/app/patients', { 'accept-encoding': 'gzip' });
    const html = gunzipSync(res.rawPayload).toString();
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('static-first-paint');
    expect(html).toContain('<meta name="institute"');
    const plain = await get('/app/patients');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    const again = await get('/app/patients', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('isSpaPath', () => {
  it('knows the page paths; anything else is unknown (404)', () => {
    for (const p of [
      '/',
      '/user',
      '/user/login',
      '/user/register',
      '/user/success',
      '/error',
      '/app',
      '/app/x/y',
      `/p/${'Ab_-9'.repeat(8)}abc`,
    ])
      expect(isSpaPath(p), p).toBe(true);
    for (const p of ['/user/registr', '/programare', '/user/login/x', '/apps', '/error/x', '/p/abc', '/p'])
      expect(isSpaPath(p), p).toBe(false);
  });
});
