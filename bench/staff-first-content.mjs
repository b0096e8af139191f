// How soon a staff screen shows its content on a full load (issue 54, item 21): the dashboard
// opened signed in, in the system Chromium (playwright-core, never a downloaded browser) against
// the production build, each run in a new browser context (nothing cached). Per run:
//   content   the stat cards show their figures and the latest appointments their rows, ms from
//             the navigation's start (a MutationObserver in the page, so the instant it happened);
//   session   when the request for the signed-in account (/api/user/user-details) started;
//   data      when the first of the dashboard's own data requests started;
//   scripts   JavaScript files fetched until the content showed; waves: how many rounds of them
//             (a file asked for only after another had arrived starts a new round).
//
//   npm run build && node bench/staff-first-content.mjs [--runs 5] [--url http://127.0.0.1:3000]
//     [--chrome /usr/bin/chromium] [--cpu-slowdown 1]
//
// Without --url it starts the build on a fresh embedded database with the demo institute
// (bench/web-server.mjs) and signs in as the demo superadmin; with --url, DEMO_PASSWORD (or
// the bench's) must be that server's demo password. Prints one line per run and the median.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { PASSWORD, requireBuild, startServer } from './web-server.mjs';
import { CHROME_ARGS } from './web-sizes.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    url: { type: 'string' },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
    'cpu-slowdown': { type: 'string', default: '1' },
  },
});

let server = null;
let dataDir = null;
let url = opts.url;
if (!url) {
  requireBuild();
  dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-first-content-'));
  server = await startServer(dataDir);
  url = server.url;
}

const password = opts.url ? (process.env.DEMO_PASSWORD ?? PASSWORD) : PASSWORD;
const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: url },
  body: JSON.stringify({ email: 'superadmin@institut.example', password }),
});
if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status}`);
const { hostname } = new URL(url);
const cookies = signIn.headers.getSetCookie().map((c) => {
  const [pair] = c.split(';');
  const i = pair.indexOf('=');
  return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: hostname, path: '/' };
});

/** Records, in the page, the instant the dashboard's content is there. */
function watchContent() {
  const done = () =>
    document.querySelector('[data-testid="stat-pending-value"]') &&
    document.querySelector('[data-testid="latest-appointments"] > *, [data-testid="latest-empty"]');
  const seen = () => {
    if (window.__contentAt === undefined && done()) window.__contentAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true });
}

const browser = await chromium.launch({ executablePath: opts.chrome, args: CHROME_ARGS });
const rows = [];
try {
  for (let run = 0; run < Number(opts.runs); run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(cookies);
    await context.addInitScript(watchContent);
    const page = await context.newPage();
    const slowdown = Number(opts['cpu-slowdown']);
    if (slowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    await page.goto(`${url}/app/dashboard`);
    await page.waitForFunction(() => window.__contentAt !== undefined, null, { timeout: 30_000 });
    const r = await page.evaluate(() => {
      const content = window.__contentAt;
      const res = performance.getEntriesByType('resource');
      const api = res.filter((e) => new URL(e.name).pathname.startsWith('/api/'));
      const session = api.find((e) => e.name.includes('/api/user/user-details'));
      const data = api.find((e) => !e.name.includes('/api/user/') && !e.name.includes('/api/auth/'));
      const scripts = res
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .filter((e) => e.startTime < content);
      // Rounds: a script started after every script of the round before had arrived.
      const starts = scripts
        .map((e) => ({ start: e.startTime, end: e.responseEnd }))
        .sort((a, b) => a.start - b.start);
      let waves = 0;
      let roundEnd = -1;
      for (const s of starts) {
        if (s.start >= roundEnd) {
          waves++;
          roundEnd = s.end;
        } else roundEnd = Math.max(roundEnd, s.end);
      }
      return {
        content: Math.round(content),
        session: session ? Math.round(session.startTime) : null,
        data: data ? Math.round(data.startTime) : null,
        scripts: scripts.length,
        waves,
      };
    });
    rows.push(r);
    console.log(
      `run ${run + 1}: content ${r.content} ms, session request at ${r.session} ms, first data request at ${r.data} ms, ${r.scripts} scripts in ${r.waves} waves`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
const median = (k) => {
  const v = rows.map((r) => r[k]).sort((a, b) => a - b);
  return v[Math.floor(v.length / 2)];
};
console.log(
  `median of ${rows.length}: content ${median('content')} ms, session ${median('session')} ms, data ${median('data')} ms, ${median('scripts')} scripts, ${median('waves')} waves`,
);
