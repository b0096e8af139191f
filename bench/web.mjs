#!/usr/bin/env node
// Browser-side figures (docs/PERFORMANCE.md):
//  1. gzip size of the JavaScript and CSS each route loads first (bench/web-sizes.mjs);
//  2. start-up of the production server: first start on an empty data directory (migrations and
//     demo data) and a warm start on the same directory, until /api/health answers;
//  3. Lighthouse (the npm package, driving the system Chromium, never a downloaded browser) on
//     /user/register and /user/login with mobile settings and on /app/dashboard signed in
//     (desktop settings: staff use the back office on desktops), on the demo institute.
//
//   npm run build && npm run bench:web [-- --skip-lighthouse] [--chrome /usr/bin/chromium]
//
// Writes bench/results/web-<time>.json and prints markdown tables. Exits 1 when a budget or a
// Lighthouse target is missed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { routeSizes } from './web-sizes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    'skip-lighthouse': { type: 'boolean', default: false },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
    runs: { type: 'string', default: '1' },
  },
});
if (
  !existsSync(path.join(root, 'dist/server/main.js')) ||
  !existsSync(path.join(root, 'dist/web/index.html'))
) {
  console.error('No production build in dist/. Run: npm run build');
  process.exit(2);
}
const out = { date: new Date().toISOString(), loadavg: loadavg() };
let failed = false;

// ------------------------------------------------------------------ 1. sizes
out.sizes = routeSizes(path.join(root, 'dist/web'));
console.log('First-load assets per route (gzip -9)\n');
console.log('| route | JS KB | CSS KB | of which entry JS KB | files | JS budget |');
console.log('|---|---:|---:|---:|---:|---|');
for (const s of out.sizes) {
  const budget = s.budgetKb ? `${s.budgetKb} KB ${s.ok ? 'met' : '**missed**'}` : 'lazy, no budget';
  console.log(`| ${s.route} | ${s.jsKb} | ${s.cssKb} | ${s.entryJsKb} | ${s.files} | ${budget} |`);
  if (s.ok === false) failed = true;
}

// ------------------------------------------------------------------ 2. start-up
const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const PASSWORD = 'Bench-demo-parola-2026';
async function startServer(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'auto',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Math.round(performance.now() - t0);
  const stop = () =>
    new Promise((resolve) => {
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, ms, stop };
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-web-'));
const first = await startServer(dataDir);
await first.stop();
const server = await startServer(dataDir);
out.startup = { firstStartMs: first.ms, warmStartMs: server.ms, database: 'pglite (embedded)' };
console.log('\nStart-up of node dist/server/main.js until /api/health answers (PGlite, demo data)\n');
console.log('| start | ms |\n|---|---:|');
console.log(`| first start, empty data directory (migrations + demo institute) | ${first.ms} |`);
console.log(`| warm start, same directory | ${server.ms} |`);

// ------------------------------------------------------------------ 3. Lighthouse
async function lighthouseRuns() {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'superadmin@institut.example', password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const pages = [
    { path: '/user/register', form: 'mobile' },
    { path: '/user/login', form: 'mobile' },
    { path: '/app/dashboard', form: 'desktop', cookie },
  ];
  const rows = [];
  for (const page of pages) {
    for (let run = 0; run < Number(opts.runs); run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: opts.chrome,
        chromeFlags: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.cookie ? { extraHeaders: { cookie: page.cookie } } : {}),
        };
        const res = await lighthouse(
          `${server.url}${page.path}`,
          flags,
          page.form === 'desktop' ? desktopConfig : undefined,
        );
        const lhr = res.lhr;
        const a = lhr.audits;
        rows.push({
          page: page.path,
          form: page.form,
          finalUrl: lhr.finalDisplayedUrl,
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          fcpMs: Math.round(a['first-contentful-paint'].numericValue),
          lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(a['total-blocking-time'].numericValue),
          // An audit that failed in this run (busy machine) has no value: null in the file, not a crash.
          cls: Number(a['cumulative-layout-shift'].numericValue?.toFixed(3) ?? Number.NaN),
          runtimeError:
            lhr.runtimeError?.message ?? Object.values(a).find((x) => x.errorMessage)?.errorMessage,
          failedA11y: Object.values(a)
            .filter((x) => x.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id))
            .map((x) => x.id),
          // Where each failing accessibility check points, so the page's owner can fix it.
          a11yNodes: Object.values(a)
            .filter((x) => x.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id))
            .flatMap((x) =>
              (x.details?.items ?? []).slice(0, 5).map((it) => ({
                audit: x.id,
                selector: it.node?.selector,
                snippet: it.node?.snippet?.slice(0, 200),
                explanation: it.node?.explanation?.slice(0, 300),
              })),
            ),
          lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
        });
      } finally {
        await chrome.kill();
      }
    }
  }
  return rows;
}

try {
  if (!opts['skip-lighthouse']) {
    out.lighthouse = await lighthouseRuns();
    console.log('\nLighthouse (simulated throttling: mobile = Moto G power, slow 4G; desktop = cable)\n');
    console.log('| page | form | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | targets |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
    for (const r of out.lighthouse) {
      const ok = r.performance >= 95 && r.accessibility >= 95 && r.lcpMs < 2500 && r.cls < 0.1;
      if (!ok) failed = true;
      console.log(
        `| ${r.page}${r.finalUrl.endsWith(r.page) ? '' : ` (ended at ${new URL(r.finalUrl).pathname})`} | ${r.form} | ${r.performance} | ${r.accessibility} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${ok ? 'met' : `**missed**${r.failedA11y.length ? ` (a11y: ${r.failedA11y.join(', ')})` : ''}`} |`,
      );
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const outDir = path.join(root, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `web-${out.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(out, null, 2));
console.error(`\nwritten ${path.relative(root, file)}`);
process.exit(failed ? 1 : 0);
