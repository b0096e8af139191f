// Production build: the SPA with Vite into dist/web, the server bundled with esbuild into
// dist/server (dependencies stay in node_modules), the SQL migrations copied beside it.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUILD_STAMP, bin, mustRun, root } from './lib.mjs';

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await mustRun('web build (vite)', bin('vite'), ['build', '--logLevel', 'warn']);

// The public pages' static first paint (web/prerender.tsx): rendered once here, put into
// index.html by the server (server/platform/spa-index.ts). The SSR bundle is only a tool.
const prerenderDir = path.join(root, 'dist', 'prerender');
await mustRun('first paint of the public pages (vite ssr)', bin('vite'), [
  'build',
  '--ssr',
  'prerender.tsx',
  '--outDir',
  prerenderDir,
  '--emptyOutDir',
  '--logLevel',
  'warn',
]);
// Removed when this process ends: the pages' own dynamic imports, started when the bundle
// loads, may still be reading it until then.
process.on('exit', () => rmSync(prerenderDir, { recursive: true, force: true }));
const { PAGES, INSTITUTE_TOKENS, prerender } = await import(
  pathToFileURL(path.join(prerenderDir, 'prerender.js')).href
);
writeFileSync(
  path.join(root, 'dist', 'web', '.vite', 'prerender.json'),
  JSON.stringify({
    tokens: INSTITUTE_TOKENS,
    pages: Object.fromEntries(Object.keys(PAGES).map((page) => [page, prerender(page)])),
  }),
);

// Brotli and gzip beside every text asset: the server sends them as they are (@fastify/static
// preCompressed), so no request pays for compression and the browser downloads about a quarter
// of the bytes (docs/PERFORMANCE.md).
for (const entry of readdirSync(path.join(root, 'dist', 'web'), { recursive: true })) {
  const file = path.join(root, 'dist', 'web', String(entry));
  if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const raw = readFileSync(file);
  // Small files too (the build splits the pages into many chunks under 1 KB): each compressed
  // copy is kept only where it is smaller than the file by more than a response header's worth.
  if (raw.length < 256) continue;
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length - 64) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length - 64) writeFileSync(`${file}.gz`, gz);
}

console.log('\n▶ server bundle (esbuild)');
const entries = {
  main: 'server/main.ts',
  'admin-create': 'server/cli/admin-create.ts',
  migrate: 'server/db/migrate-cli.ts',
};
await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, path.join(root, v)])),
  outdir: path.join(root, 'dist', 'server'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(root, 'dist', 'server', 'migrations'), {
  recursive: true,
});
mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
writeFileSync(BUILD_STAMP, new Date().toISOString());
console.log('✔ build ready in dist/');
