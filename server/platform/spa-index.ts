/**
 * The SPA's index.html, sent for every page path, with the page's own files announced.
 *
 * Without hints the first paint of a public page waits for four round trips in a row: HTML →
 * entry script → the page's lazy chunk (web/router.tsx), found only when the entry runs → render.
 * For the pages people land on from outside (the landing page, the public form, the login
 * page) the served HTML names the page's stylesheets and, for a page without a static first
 * paint, its chunk with its static imports (`<link rel="modulepreload">`), read from Vite's
 * build manifest, so the browser fetches them together with the entry. The links are the ones
 * Vite's own preload helper would add later (same `href`), so it finds them present and adds
 * nothing. No inline script: the CSP stays `script-src 'self'`.
 *
 * Those pages also get their static first paint (web/prerender.tsx, rendered at build into
 * `.vite/prerender.json`) above the app's root, so they paint before any JavaScript runs; the app
 * removes it once it has rendered the same page. Every page gets the institute's public details
 * (`<meta name="institute">`, as GET /api/misc/institute answers) so its first render shows them.
 *
 * Each variant is built and compressed (brotli, gzip) once at start; index.html must be
 * revalidated (no-cache) and answers 304 to a matching ETag.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LINK_TOKEN_PATTERN } from './link-tokens';

/**
 * Page path → the lazy page module (Vite manifest key, relative to web/). A `:name` segment
 * stands for any one segment. The patient's self-service page has a first paint too, its frame
 * and "loading" line (its content is the appointment, fetched with the page: `FIRST_DATA`); like
 * the other first paints it gets its code after the paint (measured with Lighthouse: first paint
 * 1.9-2.0 s instead of 2.2-2.5 s with the code announced, largest paint 2.6 s against 2.5;
 * decision 0067).
 */
export const PRELOADED_PAGES: Record<string, string | string[]> = {
  '/': 'features/registration/landing-page.tsx',
  '/user/register': 'features/registration/register-page.tsx',
  '/user/login': 'features/auth/login-page.tsx',
  '/p/:token': 'features/self-service/self-service-page.tsx',
  ...backOfficePages(),
};

/**
 * The back office's screens: the shell and the screen's own module (web/router.tsx), announced
 * together with the entry. Without them a full load of a staff screen fetched its code in three
 * rounds, each found only when the one before had run (entry, then the shell, then the screen:
 * about 80 files), and the content showed after 1.0-1.6 s (issue 54, item 21; decision 0096).
 */
function backOfficePages(): Record<string, string[]> {
  const shell = 'app/shell.tsx';
  const screens: Record<string, string> = {
    '/app': 'features/dashboard/dashboard-page.tsx',
    '/app/dashboard': 'features/dashboard/dashboard-page.tsx',
    '/app/patients': 'features/patients/patient-list-page.tsx',
    '/app/patients/:id': 'features/patients/patient-detail-page.tsx',
    '/app/patients/:id/:tab': 'features/patients/patient-detail-page.tsx',
    '/app/appointments': 'features/appointments/appointment-list-page.tsx',
    '/app/appointments/:id': 'features/appointments/appointment-detail-page.tsx',
    '/app/docs/documents': 'features/documents/documents-page.tsx',
    '/app/calendars': 'features/calendars/calendars-page.tsx',
    '/app/my-account': 'features/my-account/my-account-page.tsx',
    '/app/pages/search/:text': 'features/search/search-page.tsx',
    '/app/admin': 'features/admin/admin-page.tsx',
    '/app/admin/:section': 'features/admin/admin-page.tsx',
  };
  return Object.fromEntries(Object.entries(screens).map(([page, key]) => [page, [shell, key]]));
}

/**
 * The answer a page asks for first, by page path: announced in the reply's `Link` header, so the
 * browser fetches it together with the page's code instead of after it has run (a round trip
 * and the code's start-up saved before the page can show it; decision 0067). Only for a path
 * already checked to be well formed (`isSpaPath`). The request is the page's own (same URL and
 * credentials), so the browser hands its answer to the page: the server still sees one request.
 */
const FIRST_DATA: { pattern: RegExp; urls: (m: RegExpMatchArray) => string[]; signedIn?: boolean }[] = [
  // The patient's self-service page (web/features/self-service/api.ts), whose link comes by SMS.
  { pattern: new RegExp(`^/p/(${LINK_TOKEN_PATTERN})$`), urls: (m) => [`/api/self-service/${m[1]}`] },
  // A staff screen asks first for the signed-in account (web/app/current-user.tsx), the dashboard
  // then for its figures (web/features/dashboard/api.ts): asked for with the page when the request
  // carries a session cookie (without one the screen goes to the login page and asks nothing
  // more), instead of after the code had arrived and run (issue 54, item 21; decision 0096).
  {
    pattern: /^\/app(\/dashboard)?$/,
    signedIn: true,
    urls: () => [
      '/api/user/user-details',
      '/api/dashboard',
      '/api/dashboard/weekly',
      '/api/dashboard/journey',
    ],
  },
  { pattern: /^\/app\/.+$/, signedIn: true, urls: () => ['/api/user/user-details'] },
];

/** Whether the request carries better-auth's session cookie (checked later, by the API). */
const hasSessionCookie = (req: FastifyRequest) =>
  /(?:^|;\s*)(?:__Secure-)?clinic\.session_token=/.test(String(req.headers.cookie ?? ''));

/** The pages a search engine may show: the landing page and the public form. */
const INDEXED_PAGES = new Set(['/', '/user/register']);

/** `/p/:token` → a pattern matching `/p/<one segment>`. */
const pagePattern = (page: string) =>
  new RegExp(`^${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);

/**
 * The web app's page paths (web/router.tsx): the back office under /app answers its own unknown
 * paths (the spec's /error page); `/p/<token>` is a patient's self-service page (a well-formed
 * token: the page itself says when it opens nothing); any other path is unknown and answered 404
 * (with the app, which shows the public "page not found").
 */
const SPA_PATH = new RegExp(
  `^/(user/?|user/(login|forgot-password|reset-password|register|success)/?|error/?|app(/.*)?|p/${LINK_TOKEN_PATTERN})?$`,
);

export function isSpaPath(pathname: string): boolean {
  return SPA_PATH.test(pathname);
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

type Variant = { etag: string; raw: Buffer; br: Buffer; gzip: Buffer };

/**
 * The `<link>` tags for a page module: its stylesheets and (with `scripts`) its chunk and static
 * imports, leaving out what the entry already loads.
 */
export function preloadTags(
  manifest: Manifest,
  pageKeys: string | string[],
  { scripts = true, base = '/' } = {},
): string {
  const keys = typeof pageKeys === 'string' ? [pageKeys] : pageKeys;
  if (!keys.some((k) => manifest[k])) return '';
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string, into: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    if (into) js.add(chunk.file);
    for (const c of chunk.css ?? []) {
      if (into && !seen.has(c)) css.add(c);
      seen.add(c);
    }
    for (const imp of chunk.imports ?? []) walk(imp, into);
  };
  // The entry's files first (index.html already names them), then what the page adds.
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, false);
  for (const key of keys) walk(key, true);
  return [
    ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
    ...(scripts ? [...js] : []).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
  ].join('\n    ');
}

function variant(html: string): Variant {
  const raw = Buffer.from(html);
  return {
    etag: `W/"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

export type SpaIndex = {
  /** Sends index.html for a page path, with that page's hints when it has some. */
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply;
};

/** The institute's public details (GET /api/misc/institute). */
export type InstituteInfo = { name: string; tagline: string; contactEmail: string; gdprProtocolUrl: string };

type Prerendered = { tokens: Record<string, string>; pages: Record<string, string> };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const readJson = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

export function loadSpaIndex(
  webDir: string,
  institute: InstituteInfo,
  pages: Record<string, string | string[]> = PRELOADED_PAGES,
): SpaIndex {
  const meta = `<meta name="institute" content="${escapeHtml(JSON.stringify(institute))}" />`;
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8').replace(
    '</head>',
    `  ${meta}\n  </head>`,
  );
  const manifest = readJson<Manifest>(path.join(webDir, '.vite', 'manifest.json')) ?? {};
  const prerendered = readJson<Prerendered>(path.join(webDir, '.vite', 'prerender.json'));
  const firstPaint = (page: string) => {
    let markup = prerendered?.pages[page];
    if (!markup || !prerendered) return '';
    for (const [field, token] of Object.entries(prerendered.tokens)) {
      const value = institute[field as keyof InstituteInfo] ?? '';
      markup = markup.replaceAll(token, escapeHtml(value));
    }
    // Above the root (which renders the same page underneath), inert: not focusable, not read.
    return `<div id="static-first-paint" inert style="position:absolute;inset:0 0 auto 0;z-index:1000;background:var(--mantine-color-body)">${markup}</div>\n    `;
  };
  const plain = variant(html);
  const byPath = new Map<string, Variant>();
  for (const [page, key] of Object.entries(pages)) {
    // With a static first paint the page needs its stylesheets at once, its code only after the
    // paint: on a slow link the scripts would share the bandwidth with the stylesheets and delay it
    // (measured: first paint 2.6-2.7 s with them, 2.0-2.2 s without, Lighthouse mobile).
    const tags = preloadTags(manifest, key, { scripts: !prerendered?.pages[page] });
    const withTags = tags ? html.replace('</head>', `  ${tags}\n  </head>`) : html;
    byPath.set(page, variant(withTags.replace('<div id="root">', `${firstPaint(page)}<div id="root">`)));
  }
  const byPattern = [...byPath]
    .filter(([page]) => page.includes(':'))
    .map(([page, v]) => ({ pattern: pagePattern(page), v }));
  return {
    send(req, reply) {
      const pathname = (req.url.split('?')[0] ?? '/').replace(/(?<=.)\/+$/, '');
      const v = byPath.get(pathname) ?? byPattern.find((p) => p.pattern.test(pathname))?.v ?? plain;
      const first = FIRST_DATA.map((d) => ({ d, m: pathname.match(d.pattern) })).find(
        ({ d, m }) => m && (!d.signedIn || hasSessionCookie(req)),
      );
      if (first?.m)
        reply.header(
          'link',
          first.d
            .urls(first.m)
            .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`)
            .join(', '),
        );
      // Only the public pages may be indexed: a patient's link opened by a crawler stays out of
      // search results even where robots.txt is not read.
      if (!INDEXED_PAGES.has(pathname)) reply.header('x-robots-tag', 'noindex, nofollow');
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', v.etag);
      if (req.headers['if-none-match'] === v.etag) return reply.code(304).send();
      const accept = String(req.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(v.br);
      if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(v.gzip);
      return reply.send(v.raw);
    },
  };
}
