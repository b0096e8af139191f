// Production build: the SPA with Vite into dist/web, the server bundled with esbuild into
// dist/server (dependencies stay in node_modules), the SQL migrations copied beside it.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { BUILD_STAMP, bin, mustRun, root } from './lib.mjs';

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await mustRun('web build (vite)', bin('vite'), ['build', '--logLevel', 'warn']);

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
