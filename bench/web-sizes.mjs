// The JavaScript a page makes the browser download before it is usable, counted the way the
// browser counts it (docs/decisions/0042-public-form-first-load.md): the page is opened in the
// system Chromium (playwright-core, never a downloaded browser) against the production server,
// with a phone's screen for the public pages, and every script response requested until
// Chromium's own "networkIdle" (no request for 500 ms) is summed: the entry, modulepreloads,
// lazy chunks, dynamic imports started at once, workers. Sizes are the bytes on the wire as the
// server sends them (Chromium's encoded body length), once with `accept-encoding: gzip` (the
// budget, DESIGN §7) and once with the browser's own header (brotli). A file the server sends
// uncompressed (under 1 KB, not worth compressing) counts as it is.
import { chromium, devices } from 'playwright-core';

/** The pages measured; `ready` says the page shows what it is for (not an error or a loader). */
export const PAGES = [
  {
    page: '/user/register',
    form: 'mobile',
    budgetKb: 150,
    ready: (p) => p.getByRole('button', { name: 'Trimite cererea' }).waitFor(),
  },
  {
    page: '/user/login',
    form: 'mobile',
    budgetKb: 150,
    ready: (p) => p.getByRole('button', { name: 'Autentificare' }).waitFor(),
  },
  {
    page: '/p/<token>',
    form: 'mobile',
    budgetKb: 150,
    // A real appointment: its heading and its details, not the "link not valid" page.
    ready: async (p) => {
      await p.getByRole('heading', { level: 1, name: 'Programarea dumneavoastră' }).waitFor();
      await p.locator('dl').first().waitFor();
    },
  },
  {
    page: '/app/dashboard',
    form: 'desktop',
    budgetKb: null, // for reference: staff on desktops, with the charts and the calendar at once
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: 'Acasă' }).waitFor(),
  },
];

/** The Chrome switches of both browser benches: no sandbox or GPU, no background traffic to skew them. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Opens `url` in a new context (empty cache) and lists the script responses until network idle. */
async function scriptsUntilIdle(browser, { url, form, cookie, acceptEncoding, ready }) {
  const context = await browser.newContext({
    ...(form === 'mobile' ? devices['Pixel 7'] : { viewport: { width: 1366, height: 900 } }),
    ...(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {}),
  });
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((c) => {
          const i = c.indexOf('=');
          return { name: c.slice(0, i), value: c.slice(i + 1), url: `${new URL(url).origin}/` };
        }),
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const { frameTree } = await cdp.send('Page.getFrameTree');
    let loaderId = null;
    let idle = false;
    let onIdle;
    const idleReached = new Promise((resolve) => {
      onIdle = resolve;
    });
    cdp.on('Page.lifecycleEvent', (e) => {
      if (e.frameId !== frameTree.frame.id) return;
      if (e.name === 'init') loaderId = e.loaderId;
      else if (e.name === 'networkIdle' && e.loaderId === loaderId && !idle) {
        idle = true;
        onIdle();
      }
    });
    const seen = [];
    const pending = new Set();
    const isScript = (req, res) =>
      req.resourceType() === 'script' || /javascript|ecmascript/.test(res?.headers()['content-type'] ?? '');
    context.on('request', (req) => {
      pending.add(req);
      seen.push({ req, beforeIdle: !idle });
    });
    const finished = new Map();
    context.on('requestfinished', async (req) => {
      const res = await req.response();
      const sizes = await req.sizes();
      finished.set(req, {
        script: isScript(req, res),
        status: res?.status(),
        encoding: res?.headers()['content-encoding'] ?? 'identity',
        bytes: sizes.responseBodySize,
      });
      pending.delete(req);
    });
    context.on('requestfailed', (req) => pending.delete(req));
    await page.goto(url);
    await idleReached;
    await ready(page).catch(async (e) => {
      throw new Error(
        `${url}: not ready (${page.url()}: ${(await page.locator('body').innerText()).slice(0, 300)})`,
        { cause: e },
      );
    });
    // What was requested before idle has finished by then (idle = nothing in flight), workers
    // aside: wait for those too.
    for (let i = 0; i < 100 && [...pending].some((r) => seen.find((s) => s.req === r)?.beforeIdle); i++)
      await new Promise((r) => setTimeout(r, 100));
    const files = [];
    const after = [];
    for (const { req, beforeIdle } of seen) {
      const f = finished.get(req);
      if (!f?.script) continue;
      const row = {
        file: new URL(req.url()).pathname,
        bytes: f.bytes,
        encoding: f.encoding,
        status: f.status,
      };
      if (f.status >= 400) throw new Error(`${row.file} answered ${f.status}`);
      (beforeIdle ? files : after).push(row);
    }
    return { files, after };
  } finally {
    await context.close();
  }
}

const kb = (n) => Number((n / 1024).toFixed(1));

/**
 * Every page of PAGES (or those whose path starts with `only`) measured on the server at `url`.
 * `paths` maps a page to the path opened (the self-service token); `cookie` signs in.
 */
export async function browserSizes({ url, cookie, paths = {}, chrome = '/usr/bin/chromium', only }) {
  const browser = await chromium.launch({ executablePath: chrome, args: CHROME_ARGS });
  try {
    const out = [];
    for (const p of PAGES.filter((x) => !only || x.page.startsWith(only))) {
      const target = `${url}${paths[p.page] ?? p.page}`;
      const opts = { url: target, form: p.form, cookie: p.signedIn ? cookie : undefined, ready: p.ready };
      const gzip = await scriptsUntilIdle(browser, { ...opts, acceptEncoding: 'gzip' });
      const br = await scriptsUntilIdle(browser, opts);
      const brOf = new Map(br.files.map((f) => [f.file, f.bytes]));
      const total = gzip.files.reduce((s, f) => s + f.bytes, 0);
      out.push({
        page: p.page,
        form: p.form,
        jsGzipKb: kb(total),
        jsBrotliKb: kb(br.files.reduce((s, f) => s + f.bytes, 0)),
        scripts: gzip.files.length,
        budgetKb: p.budgetKb,
        ok: p.budgetKb ? total / 1024 <= p.budgetKb : null,
        files: gzip.files.map((f) => ({ ...f, brotliBytes: brOf.get(f.file) ?? null })),
        // Requested after network idle (the patient's first interaction starts these): not counted.
        afterIdle: gzip.after,
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}
