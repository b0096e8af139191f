/**
 * Findings from testing the product from outside (issue 54, items 19 and 21), each as the
 * person who met it: the patient whose form stayed open past its proof of work, the error toast
 * over the button on a phone, the holidays the public calendar offered and the server refused,
 * English and undiacritised words in the back office, the appointment list scrolling sideways at
 * 1440 px, the login page's console error, and the staff screens' first data asked for late.
 * Each test failed before its change.
 */
import type { Page, Request } from '@playwright/test';
import { weekdayOf } from '../domain/dates';
import { makeCnp } from '../domain/validation/cnp';
import { showMonthOf } from './dates';
import { expect, openPublicDay, signedInRequest, signIn, test, withProofOfWork } from './fixtures';

const SUBMIT = 'Trimite cererea';

/** Fills the public form for `day` as a patient does (the picker, the fields, the agreement). */
async function fillForm(page: Page, day: string, stamp: number) {
  await page.getByRole('button', { name: /Data programării/ }).click();
  await (await showMonthOf(page, day)).click();
  await expect(page.getByRole('radio', { name: '08:00' })).toBeChecked();
  await page.getByLabel('Nume și prenume').fill(`Viorica Lungu ${stamp}`);
  await page.getByLabel('CNP').fill(makeCnp(2, '1961-03-14', '12', stamp % 1000));
  await page.getByLabel(/^Telefon\W*$/).fill('0744 321 987');
  await page.getByLabel(/^E-mail\W*$/).fill(`viorica.${stamp}@example.ro`);
  await page.getByLabel(/^Județ de reședință/).selectOption({ label: 'Cluj' });
  await page.getByLabel(/^Statut asigurat/).selectOption({ label: 'Asigurat - pensionar' });
  await page.getByRole('radio', { name: 'Nu' }).check();
  await page.getByRole('checkbox', { name: /sunt de acord/ }).check();
}

/** The public requests the page sends (POST /api/appointment). */
function requestsSent(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/appointment') sent.push(r);
  });
  return sent;
}

/** When each proof-of-work challenge the page fetched expires (ms, the server's clock). */
function challengesFetched(page: Page): number[] {
  const expiries: number[] = [];
  page.on('response', async (r) => {
    if (new URL(r.url()).pathname !== '/api/appointment/challenge') return;
    expiries.push((await r.json()).challenge.parameters.expiresAt * 1000);
  });
  return expiries;
}

test.describe('the public form on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  // The e2e server's challenges live 20 s (scripts/e2e-server.mjs), production's 30 minutes.
  test('a form left open past its proof of work is sent with one tap', async ({ page, request }) => {
    test.setTimeout(90_000);
    const expiries = challengesFetched(page);
    const sent = requestsSent(page);
    const day = await openPublicDay(request);
    await page.goto('/user/register');
    await fillForm(page, day, Date.now() % 100000);
    await expect.poll(() => expiries.length).toBeGreaterThan(0);
    // The patient goes away; the challenge the page solved first expires meanwhile.
    await expect
      .poll(() => Date.now(), { timeout: 40_000, intervals: [1000] })
      .toBeGreaterThan(expiries[0] + 1000);
    await page.getByRole('button', { name: SUBMIT }).click();
    await expect(page).toHaveURL(/\/user\/success$/);
    await expect(page.getByText('Cererea nu a fost trimisă')).toHaveCount(0);
    // Renewed before it expired: the one request sent carried a newer challenge.
    expect(sent).toHaveLength(1);
    expect(expiries.length).toBeGreaterThan(1);
  });

  test('a phone that slept past the proof of work sends with one tap all the same', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // The page's clock (timers, Date) stops while the phone sleeps, as a background tab's does.
    await page.clock.install();
    const expiries = challengesFetched(page);
    const sent = requestsSent(page);
    const day = await openPublicDay(request);
    await page.goto('/user/register');
    await fillForm(page, day, Date.now() % 100000);
    await expect.poll(() => expiries.length).toBeGreaterThan(0);
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    await expect
      .poll(() => Date.now(), { timeout: 40_000, intervals: [1000] })
      .toBeGreaterThan(expiries[0] + 1000);
    await page.clock.resume();
    await page.getByRole('button', { name: SUBMIT }).click();
    await expect(page).toHaveURL(/\/user\/success$/);
    // The server refused the sleeping page's proof; the page solved a new one and sent again.
    expect(sent).toHaveLength(2);
  });

  test("an error toast does not cover the form's button", async ({ page, request }) => {
    // This visitor's address has sent its five requests of the day (REGISTRATION_PER_ADDRESS_DAILY).
    const day = await openPublicDay(request);
    for (let i = 0; i < 5; i++) {
      const stamp = (Date.now() + i) % 100000;
      const res = await request.post('/api/appointment', {
        data: await withProofOfWork(request, {
          appt_date: day,
          appt_time: '08:00',
          name: `Sorin Bălan ${stamp}`,
          cnp: makeCnp(1, '1966-09-02', '12', stamp % 1000),
          phone: '0744 111 999',
          state_residency: 'RO-CJ',
          insurance_status: 'insured-retired',
          vaccine: 0,
          agreement: true,
        }),
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.goto('/user/register');
    await fillForm(page, day, Date.now() % 100000);
    // At the end of the form, as the patient is when they tap.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByRole('button', { name: SUBMIT });
    await button.click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Cererea nu a fost trimisă' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('prea multe cereri');
    // Whatever the toast's slide-in: where it settles.
    await toast.evaluate((t) => Promise.all(t.getAnimations({ subtree: true }).map((a) => a.finished)));
    await page.screenshot({ path: test.info().outputPath('toast-360.png') });
    const t = (await toast.boundingBox())!;
    const b = (await button.boundingBox())!;
    const overlaps =
      b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
    expect(overlaps, `toast ${JSON.stringify(t)} over the button ${JSON.stringify(b)}`).toBe(false);
  });
});

test('the public date picker does not offer the public calendar’s holidays', async ({ page, request }) => {
  const { closed } = (await (await request.get('/api/appointment/closed-days')).json()) as {
    closed: { from: string; to: string }[];
  };
  // A closed weekday (weekends are closed anyway): the demo calendar has public holidays.
  const holiday = closed.map((r) => r.from).find((d) => weekdayOf(d) !== 0 && weekdayOf(d) !== 6);
  expect(holiday, JSON.stringify(closed)).toBeDefined();
  const check = await request.get('/api/appointment/check-register-date', {
    params: { filters: JSON.stringify({ selected_date: holiday }) },
  });
  expect((await check.json()).status).toBe(0);
  await page.goto('/user/register');
  await page.getByRole('button', { name: /Data programării/ }).click();
  await expect(await showMonthOf(page, holiday!)).toBeDisabled();
});

test('the back office speaks Romanian: "Orice dată", and no carousel says "Slide 1 of 1"', async ({
  page,
}) => {
  await signIn(page, 'superadmin');
  for (const path of ['/app/appointments', '/app/docs/documents']) {
    await page.goto(path);
    // The date filter is a button showing its placeholder as its text.
    await expect(page.getByText('Orice dată', { exact: true })).toBeVisible();
    await expect(page.getByText('Orice data', { exact: true })).toHaveCount(0);
  }
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/app/dashboard');
    await expect(page.getByTestId('stat-pending-value')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Slide|of \d/ }), `${width} px`).toHaveCount(0);
  }
  // On a phone the cards are a carousel, and it says which card shows in Romanian.
  await expect(page.getByRole('status').filter({ hasText: /^Cardul 1 din 4$/ })).toHaveCount(1);
});

test('the appointment list fits 1440 px, a long custom status included', async ({ page, baseURL }) => {
  const boss = await signedInRequest(baseURL);
  // A title no other test picks from a menu by its beginning ("Consult cardiologic" is a demo status).
  const title = `Reevaluare după ecografie Doppler de efort și test de toleranță ${Date.now() % 1000}`;
  expect((await boss.post('/api/admin/statuses', { data: { title, without_appointment: true } })).ok()).toBe(
    true,
  );
  const statuses = (await (await boss.get('/api/admin/statuses')).json()).data as {
    id: number;
    title: string;
  }[];
  const status = statuses.find((s) => s.title === title)!;
  const list = await boss.get('/api/appointment', {
    params: { filters: JSON.stringify({ status: 'request' }), page: 1, perPage: 10, hideOlder: true },
  });
  const appt = (await list.json()).appointments[0] as { id: number; patient: string };
  const set = await boss.post('/api/appointment/set-appointment', {
    data: { appointment_id: appt.id, status_id: status.id, without_appointment: true },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await boss.dispose();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'superadmin');
  await page.goto('/app/appointments');
  await page.getByRole('textbox', { name: 'Pacient' }).fill(appt.patient);
  await expect(page.locator('table tbody tr').filter({ hasText: title })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('appointments-1440.png') });
  const overflow = await page.evaluate(() => {
    const table = document.querySelector('table')!.closest('.mantine-ScrollArea-viewport') as HTMLElement;
    const doc = document.scrollingElement!;
    return { table: table.scrollWidth - table.clientWidth, page: doc.scrollWidth - doc.clientWidth };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
  // Telefon, the last column, is whole on the screen.
  const phone = (await page.getByRole('columnheader', { name: 'Telefon' }).boundingBox())!;
  expect(phone.x + phone.width).toBeLessThanOrEqual(1440);
});

test('the login page logs no error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // What the browser logs as an error: any answer of 400 or more.
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  // The page asks whether someone is signed in: waited for until it has its answer.
  const asked = page.waitForResponse((r) =>
    /^\/api\/(auth\/get-session|user\/user-details)$/.test(new URL(r.url()).pathname),
  );
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: 'Autentificare' })).toBeVisible();
  await asked;
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

test("a staff screen's first data and code come with the page", async ({ page }) => {
  await signIn(page, 'superadmin');
  const reads: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/api/user/user-details' || pathname === '/api/dashboard') reads.push(pathname);
  });
  const opened = await page.goto('/app/dashboard');
  const link = opened?.headers().link ?? '';
  expect(link).toContain('</api/user/user-details>; rel=preload');
  expect(link).toContain('</api/dashboard>; rel=preload');
  // The shell's and the dashboard's code are announced in the HTML, fetched with the entry.
  const html = (await opened?.text()) ?? '';
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/shell-[^"]+\.js">/);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/dashboard-page-[^"]+\.js">/);
  await expect(page.getByTestId('stat-pending-value')).toBeVisible();
  // Each asked for once, and the answer was the one fetched with the page.
  expect(reads.sort()).toEqual(['/api/dashboard', '/api/user/user-details']);
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/api\/(user\/user-details|dashboard)$/.test(e.name))
      .map((e) => (e as PerformanceResourceTiming).initiatorType),
  );
  expect(initiators).toEqual(['link', 'link']);

  // Signed out, nothing is asked for before the code: the screen goes to the login page.
  // (Another address than the HTML the browser has cached, whose headers it would show.)
  await page.context().clearCookies();
  const anonymous = await page.goto('/app/dashboard?signed-out');
  expect(anonymous?.headers().link).toBeUndefined();
  await expect(page).toHaveURL(/\/user\/login/);
});
