// What each route loads first, from the production build's index.html and Vite's manifest: the
// entry with its static imports and stylesheets, then the route's lazy chunks (for /app/* the
// shell and the page) with theirs. Chunks a page imports dynamically (fetched after it runs) are
// not first-load. Same rule as bench/web-size.mjs, extended to CSS and to several lazy chunks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets (DESIGN §7) on the public pages and the first back-office route; the rest informative. */
export const ROUTES = [
  { route: '/user/register', chunks: ['features/registration/register-page.tsx'], budgetKb: 150 },
  { route: '/user/login', chunks: ['features/auth/login-page.tsx'], budgetKb: 150 },
  { route: '/', chunks: ['features/registration/landing-page.tsx'] },
  {
    route: '/app/dashboard',
    chunks: ['app/shell.tsx', 'features/dashboard/dashboard-page.tsx'],
    budgetKb: 300,
  },
  { route: '/app/patients', chunks: ['app/shell.tsx', 'features/patients/patient-list-page.tsx'] },
  {
    route: '/app/appointments',
    chunks: ['app/shell.tsx', 'features/appointments/appointment-list-page.tsx'],
  },
  { route: '/app/calendars', chunks: ['app/shell.tsx', 'features/calendars/calendars-page.tsx'] },
  { route: '/app/docs/documents', chunks: ['app/shell.tsx', 'features/documents/documents-page.tsx'] },
  { route: '/app/patients/:id', chunks: ['app/shell.tsx', 'features/patients/patient-detail-page.tsx'] },
  { route: '/app/admin', chunks: ['app/shell.tsx', 'features/admin/admin-page.tsx'] },
];

export function routeSizes(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const gz = new Map();
  const gzip = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const closure = (key, js, css) => {
    const e = manifest[key];
    if (!e || js.has(e.file)) return;
    js.add(e.file);
    for (const c of e.css ?? []) css.add(c);
    for (const imp of e.imports ?? []) closure(imp, js, css);
  };
  const entryJs = new Set();
  const entryCss = new Set();
  closure('index.html', entryJs, entryCss);
  for (const m of html.matchAll(
    /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g,
  ))
    entryJs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+\.css)"/g)) entryCss.add(m[1]);
  const sum = (files) => [...files].reduce((s, f) => s + gzip(f), 0);
  return ROUTES.map((r) => {
    const js = new Set(entryJs);
    const css = new Set(entryCss);
    for (const c of r.chunks) {
      if (!manifest[c]) throw new Error(`The build has no chunk for web/${c}`);
      closure(c, js, css);
    }
    const jsKb = sum(js) / 1024;
    return {
      route: r.route,
      jsKb: Number(jsKb.toFixed(1)),
      cssKb: Number((sum(css) / 1024).toFixed(1)),
      entryJsKb: Number((sum(entryJs) / 1024).toFixed(1)),
      files: js.size + css.size,
      budgetKb: r.budgetKb ?? null,
      ok: r.budgetKb ? jsKb <= r.budgetKb : null,
    };
  });
}
