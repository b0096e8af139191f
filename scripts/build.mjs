// Production build: the SPA with Vite into dist/web, the server bundled with esbuild into
// dist/server (dependencies stay in node_modules), the SQL migrations copied beside it.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUILD_STAMP, bin, mustRun, root } from './lib.mjs';

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await mustRun('web build (vite)', bin('vite'), ['build', '--logLevel', 'warn']);

// Brotli and gzip beside every text asset: the server sends them as they are (@fastify/static
// preCompressed), so no request pays for compression and the browser downloads about a quarter
// of the bytes (docs/PERFORMANCE.md).
for (const entry of readdirSync(path.join(root, 'dist', 'web'), { recursive: true })) {
  const file = path.join(root, 'dist', 'web', String(entry));
  if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const raw = readFileSync(file);
  if (raw.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
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
