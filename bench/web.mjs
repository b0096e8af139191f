// Browser-side figures (docs/PERFORMANCE.md):
//  1. the JavaScript each page makes the browser download before it is usable, as the system
//     Chromium counts it on the production server (bench/web-sizes.mjs: every script requested
//     until network idle, bytes on the wire with gzip, and with brotli);
//  2. start-up of the production server: first start on an empty data directory (migrations and
//     demo data) and a warm start on the same directory, until /api/health answers;
//  3. Lighthouse (the npm package, driving the system Chromium, never a downloaded browser) on
//     /user/register, /user/login and a patient's self-service page /p/<token> with mobile
//     settings and on /app/dashboard signed in (desktop settings: staff use the back office on
//     desktops), on the demo institute.
//
//   npm run build && npm run bench:web [-- --skip-lighthouse] [--runs 3] [--page /user/register] [--chrome /usr/bin/chromium]
//
// Writes bench/results/web-<time>.json and prints markdown tables. Exits 1 when a budget or a
// Lighthouse target is missed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requireBuild, root, selfServicePath, signIn, startServer } from './web-server.mjs';
import { browserSizes, CHROME_ARGS } from './web-sizes.mjs';

const { values: opts } = parseArgs({
  options: {
    'skip-lighthouse': { type: 'boolean', default: false },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
    runs: { type: 'string', default: '1' },
    // Only the pages whose path starts with this (e.g. /user/register, /p/).
    page: { type: 'string' },
  },
});
requireBuild();
const out = { date: new Date().toISOString(), loadavg: loadavg() };
let failed = false;

// Lighthouse, `runs` times on each page, each run in a new Chromium.
async function lighthouseRuns(cookie, selfService) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const pages = [
    { path: '/user/register', form: 'mobile' },
    { path: '/user/login', form: 'mobile' },
    // A real appointment's page (bench/web-server.mjs), shown as /p/<token> in the results.
    { path: selfService, label: '/p/<token>', form: 'mobile' },
    { path: '/app/dashboard', form: 'desktop', cookie },
  ];
  const rows = [];
  for (const page of pages.filter((p) => !opts.page || (p.label ?? p.path).startsWith(opts.page))) {
    for (let run = 0; run < Number(opts.runs); run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: opts.chrome,
        chromeFlags: ['--headless', ...CHROME_ARGS],
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
          page: page.label ?? page.path,
          run: run + 1,
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
          // What moved, and by how much, when CLS is not 0: the element to give its room from the start.
          layoutShifts: (a['layout-shifts']?.details?.items ?? []).slice(0, 5).map((it) => ({
            score: Number(it.score?.toFixed(3)),
            selector: it.node?.selector,
            snippet: it.node?.snippet?.slice(0, 200),
          })),
        });
      } finally {
        await chrome.kill();
      }
    }
  }
  return rows;
}

// ------------------------------------------------------------------ start-up
const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-web-'));
const first = await startServer(dataDir);
await first.stop();
const server = await startServer(dataDir);
out.startup = { firstStartMs: first.ms, warmStartMs: server.ms, database: 'pglite (embedded)' };

try {
  const cookie = await signIn(server.url);
  const selfService = await selfServicePath(server.url, cookie);

  // ---------------------------------------------------------------- 1. sizes
  out.sizes = await browserSizes({
    url: server.url,
    cookie,
    paths: { '/p/<token>': selfService },
    chrome: opts.chrome,
    only: opts.page,
  });
  console.log('JavaScript requested until network idle, bytes on the wire (system Chromium)\n');
  console.log('| page | form | JS KB gzip | JS KB brotli | scripts | budget (gzip) |');
  console.log('|---|---|---:|---:|---:|---|');
  for (const s of out.sizes) {
    const budget = s.budgetKb ? `${s.budgetKb} KB ${s.ok ? 'met' : '**missed**'}` : 'reference, no budget';
    console.log(`| ${s.page} | ${s.form} | ${s.jsGzipKb} | ${s.jsBrotliKb} | ${s.scripts} | ${budget} |`);
    if (s.ok === false) failed = true;
  }

  // ---------------------------------------------------------------- 2. start-up
  console.log('\nStart-up of node dist/server/main.js until /api/health answers (PGlite, demo data)\n');
  console.log('| start | ms |\n|---|---:|');
  console.log(`| first start, empty data directory (migrations + demo institute) | ${first.ms} |`);
  console.log(`| warm start, same directory | ${server.ms} |`);

  // ---------------------------------------------------------------- 3. Lighthouse
  if (!opts['skip-lighthouse']) {
    out.lighthouse = await lighthouseRuns(cookie, selfService);
    console.log('\nLighthouse (simulated throttling: mobile = Moto G power, slow 4G; desktop = cable)\n');
    console.log(
      '| page | run | form | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | targets |',
    );
    console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---|');
    for (const r of out.lighthouse) {
      // The public pages (phones): accessibility 100; the back office (desktop): 95.
      const a11yTarget = r.form === 'mobile' ? 100 : 95;
      const ok = r.performance >= 95 && r.accessibility >= a11yTarget && r.lcpMs < 2500 && r.cls < 0.1;
      if (!ok) failed = true;
      console.log(
        `| ${r.page}${r.page.includes('<') || r.finalUrl.endsWith(r.page) ? '' : ` (ended at ${new URL(r.finalUrl).pathname})`} | ${r.run} | ${r.form} | ${r.performance} | ${r.accessibility} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${ok ? 'met' : `**missed**${r.failedA11y.length ? ` (a11y: ${r.failedA11y.join(', ')})` : ''}`} |`,
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
