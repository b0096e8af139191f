/**
 * Shared helpers for the browser tests: demo accounts, `signIn(page, role)`, and an axe check.
 * Sessions are reused per role (sign-in is throttled per IP: DESIGN §6), and re-created when a
 * test signed out or the session ended.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  type Cookie,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { addDays, clinicToday } from '../domain/dates';

export { expect };

/**
 * Each test is a different visitor: its requests carry their own client address (the e2e
 * server trusts X-Forwarded-For from loopback, as behind a reverse proxy), so one test's
 * sign-ins never use up another's throttle (DESIGN §6: 10 sign-ins a minute per address).
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      'x-forwarded-for': visitorAddress(`${testInfo.testId}#${testInfo.retry}`),
    });
  },
});

function visitorAddress(seed: string): string {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${(h & 254) + 1}`;
}

/** The e2e server's data directory (scripts/e2e-server.mjs computes the same path). */
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `clinic-e2e-${process.env.E2E_PORT ?? '3100'}`);

/** The e-mails the server "sent" (.eml files under DATA_DIR/mail), newest last. */
export function sentMails(): string[] {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8')));
}

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Parola-Sigura-2026';

export const ACCOUNTS = {
  superadmin: 'superadmin@institut.example',
  admin: 'admin@institut.example',
  doctor: 'dr.ionescu@institut.example',
} as const;

export type Role = keyof typeof ACCOUNTS;

const sessions = new Map<Role, Cookie[]>();

async function hasSession(context: BrowserContext): Promise<boolean> {
  const res = await context.request.get('/api/user/user-details');
  return res.ok();
}

/**
 * Signs the page's browser context in as a demo account (through the API, not the form; the
 * login form has its own tests). Navigate afterwards, e.g. `await page.goto('/app/patients')`.
 */
export async function signIn(page: Page, role: Role = 'superadmin'): Promise<void> {
  const context = page.context();
  const cached = sessions.get(role);
  if (cached) {
    await context.clearCookies();
    await context.addCookies(cached);
    if (await hasSession(context)) return;
    sessions.delete(role);
  }
  await context.clearCookies();
  let res = await postSignIn(context.request, role);
  if (res.status() === 429) {
    // Throttled anyway (a test that signs in many times): wait for the window, once.
    const wait = Number(res.headers()['x-retry-after'] ?? '60');
    base.info().setTimeout(base.info().timeout + 65_000);
    await page.waitForTimeout(Math.min(wait + 1, 61) * 1000);
    res = await postSignIn(context.request, role);
  }
  expect(res.status(), `sign-in as ${role}: ${await res.text()}`).toBe(200);
  sessions.set(role, await context.cookies());
}

const postSignIn = (request: APIRequestContext, role: Role) =>
  request.post('/api/auth/sign-in/email', { data: { email: ACCOUNTS[role], password: DEMO_PASSWORD } });

/**
 * A request context of its own, signed in as a demo account through the API: for a spec's setup
 * and checks apart from the page's session. The caller disposes of it.
 */
export async function signedInRequest(baseURL: string | undefined, role: Role = 'superadmin') {
  const request = await playwrightRequest.newContext({ baseURL });
  const res = await postSignIn(request, role);
  expect(res.status(), `sign-in as ${role}: ${await res.text()}`).toBe(200);
  return request;
}

/** Forget a role's cached session (after a test ended it, e.g. by signing out). */
/** Signs in through the login form as a person would (the form's own checks and messages). */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Parola', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Autentificare' }).click();
}

export function forgetSession(role: Role) {
  sessions.delete(role);
}

/**
 * Fails with the list of WCAG 2 A/AA violations axe finds on the page (or a part of it).
 * `disableRules` is for a documented, known exception only.
 */
export async function expectNoA11yViolations(
  page: Page,
  opts: { include?: string; exclude?: string[]; disableRules?: string[]; enableRules?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // Rules axe still calls experimental (off by default), e.g. label-content-name-mismatch, which
  // Lighthouse runs.
  if (opts.enableRules?.length)
    builder = builder.options({
      rules: Object.fromEntries(opts.enableRules.map((id) => [id, { enabled: true }])),
    });
  if (opts.include) builder = builder.include(opts.include);
  for (const sel of opts.exclude ?? []) builder = builder.exclude(sel);
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  // Axe reads colours as they are painted: a modal still fading in has paler text for a moment,
  // which it reports as low contrast. Wait until every finite animation and transition has ended
  // (a loader's endless one never does, and is left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
}

/**
 * The first day, `fromDaysAhead` days from today or later, that the public form takes: the server
 * says so, so a weekend, a holiday of the demo calendar (30 November, 1 December) or a full day
 * is skipped whatever the date the suite runs on.
 */
export async function openPublicDay(request: APIRequestContext, fromDaysAhead = 1): Promise<string> {
  for (let day = addDays(clinicToday(new Date()), fromDaysAhead), i = 0; i < 60; i++, day = addDays(day, 1)) {
    const res = await request.get('/api/appointment/check-register-date', {
      params: { filters: JSON.stringify({ selected_date: day }) },
    });
    if ((await res.json()).status === 1) return day;
  }
  throw new Error('no day open for public requests in the next 60 days');
}

/**
 * A public request as a script sends it: with the proof of work the form's page would compute
 * (the server's challenge, solved here with altcha-lib as the page solves it).
 */
export async function withProofOfWork(request: APIRequestContext, data: Record<string, unknown>) {
  const { challenge } = await (await request.get('/api/appointment/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { ...data, altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

/** Opens the combobox labelled `label` inside `scope` and picks the first option named `option`. */
export async function choose(page: Page, scope: Locator, label: RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}
