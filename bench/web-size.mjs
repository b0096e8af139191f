#!/usr/bin/env node
// First-load JavaScript of a page, gzip-compressed, from the production build (DESIGN §7:
// the public form /user/register at most 150 KB). "First load" is what the browser fetches
// before the page can be used: the entry script of index.html with its static imports, plus the
// route's lazy chunk with its static imports. Chunks loaded later (the toast container at the
// first toast, other routes) are not counted.
//
//   npm run build && node bench/web-size.mjs [--route web/features/registration/register-page.tsx] [--budget 150] [--json]
//
// Exits 1 when the total is over the budget, 2 when the build is missing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const distDir = path.resolve(root, opt('dist', 'dist/web'));
// Manifest keys are relative to Vite's root (web/).
const route = opt('route', 'web/features/registration/register-page.tsx').replace(/^web\//, '');
const budgetKb = Number(opt('budget', '150'));
const asJson = args.includes('--json');

const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath) || !existsSync(path.join(distDir, 'index.html'))) {
  console.error(
    `No build in ${path.relative(root, distDir)} (index.html and .vite/manifest.json). Run: npm run build`,
  );
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
if (!manifest[route]) {
  console.error(`The build has no chunk for ${route}. Known pages:`);
  for (const k of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry))
    console.error(`  web/${k}`);
  process.exit(2);
}

/** The chunk of a manifest key and every chunk it imports statically, depth first. */
function closure(key, seen) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return;
  seen.set(entry.file, key);
  for (const imp of entry.imports ?? []) closure(imp, seen);
}

// index.html: its module script and modulepreload links are what the browser fetches at once.
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const htmlScripts = [
  ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g),
].map((m) => m[1]);
const files = new Map();
closure('index.html', files);
for (const f of htmlScripts) if (![...files.keys()].includes(f)) files.set(f, 'index.html');
const before = files.size;
closure(route, files);

const rows = [...files.keys()].map((file, i) => {
  const buf = readFileSync(path.join(distDir, file));
  return {
    file,
    part: i < before ? 'index.html' : 'route',
    bytes: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
  };
});
const total = rows.reduce((s, r) => s + r.gzip, 0);

// Chunks the route imports dynamically (fetched right after it runs, off the first-load path):
// reported beside the budget so the full weight of the page stays visible.
const later = new Map();
for (const [file, key] of files) {
  for (const dyn of manifest[key]?.dynamicImports ?? []) {
    if (key === 'index.html') continue; // the other routes
    const sub = new Map();
    closure(dyn, sub);
    for (const [f, k] of sub) if (!files.has(f)) later.set(f, k);
  }
  void file;
}
const laterRows = [...later.keys()].map((file) => {
  const buf = readFileSync(path.join(distDir, file));
  return { file, part: 'after', bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});
const laterTotal = laterRows.reduce((s, r) => s + r.gzip, 0);
const totalKb = total / 1024;
const ok = totalKb <= budgetKb;

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
if (asJson) {
  const out = {
    route: `web/${route}`,
    budgetKb,
    totalGzipKb: Number(totalKb.toFixed(1)),
    ok,
    afterFirstLoadGzipKb: Number((laterTotal / 1024).toFixed(1)),
    files: [...rows, ...laterRows],
  };
  console.log(JSON.stringify(out, null, 2));
} else {
  console.log(`First-load JavaScript of web/${route} (gzip -9):`);
  for (const r of rows)
    console.log(`  ${kb(r.gzip)} KB  (${kb(r.bytes)} KB raw)  ${r.part.padEnd(10)} ${r.file}`);
  console.log(`  ${kb(total)} KB total; budget ${budgetKb} KB: ${ok ? 'OK' : 'OVER BUDGET'}`);
  if (laterRows.length) {
    console.log('Fetched right after, off the first-load path (not in the budget):');
    for (const r of laterRows)
      console.log(`  ${kb(r.gzip)} KB  (${kb(r.bytes)} KB raw)  ${'after'.padEnd(10)} ${r.file}`);
    console.log(`  ${kb(laterTotal)} KB; first load and after together: ${kb(total + laterTotal).trim()} KB`);
  }
}
process.exit(ok ? 0 : 1);
