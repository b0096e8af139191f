#!/usr/bin/env node
// JavaScript each page makes the browser download before it is usable, gzip as sent over the
// wire, counted by the system Chromium (bench/web-sizes.mjs; DESIGN §7: the public form at most
// 150 KB). Starts the production server on a fresh demo database for the measurement.
//
//   npm run build && node bench/web-size.mjs [--page /user/register] [--json] [--chrome /usr/bin/chromium]
//
// Exits 1 when a page is over its budget, 2 when the build is missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requireBuild, selfServicePath, signIn, startServer } from './web-server.mjs';
import { browserSizes } from './web-sizes.mjs';

const { values: opts } = parseArgs({
  options: {
    page: { type: 'string' },
    json: { type: 'boolean', default: false },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
  },
});
requireBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-size-'));
const server = await startServer(dataDir);
let sizes;
try {
  const cookie = await signIn(server.url);
  const paths = { '/p/<token>': await selfServicePath(server.url, cookie) };
  sizes = await browserSizes({ url: server.url, cookie, paths, chrome: opts.chrome, only: opts.page });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
if (opts.json) console.log(JSON.stringify(sizes, null, 2));
else {
  for (const s of sizes) {
    console.log(`\n${s.page} (${s.form}): scripts requested until network idle, bytes on the wire`);
    console.log('     gzip   brotli');
    for (const f of s.files)
      console.log(`  ${kb(f.bytes)} ${kb(f.brotliBytes ?? 0)}  ${f.encoding.padEnd(8)} ${f.file}`);
    console.log(
      `  ${s.jsGzipKb} KB gzip (${s.jsBrotliKb} KB brotli), ${s.scripts} scripts; ${s.budgetKb ? `budget ${s.budgetKb} KB: ${s.ok ? 'OK' : 'OVER BUDGET'}` : 'no budget (reference)'}`,
    );
    if (s.afterIdle.length)
      console.log(`  after network idle, not counted: ${s.afterIdle.map((f) => f.file).join(', ')}`);
  }
}
process.exit(sizes.every((s) => s.ok !== false) ? 0 : 1);
