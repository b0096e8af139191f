/**
 * The public remote-consultation request as a patient on a phone meets it (issue 3): the page's
 * statements, the date picker (weekends closed, a BAD day shows the message and no time), the
 * field messages, a complete request that lands in the database, and the first-load weight.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, weekdayOf } from '../domain/dates';
import { makeCnp } from '../domain/validation/cnp';
import { dayLabel, showMonthOf, today } from './dates';
import { expect, expectNoA11yViolations, sentMails, signedInRequest, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const UNAVAILABLE = 'Data selectata nu este disponibila!';
// The patient's own phone and e-mail (the family doctor's come later with longer labels).
const PHONE = /^Telefon\W*$/;
const EMAIL = /^E-mail\W*$/;

/** The first weekday from tomorrow whose date check answers `status` (1 OK, 0 BAD). */
async function findDay(api: APIRequestContext, status: 0 | 1): Promise<string> {
  let day = addDays(today(), 1);
  for (let i = 0; i < 180; i++, day = addDays(day, 1)) {
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
    const res = await api.get('/api/appointment/check-register-date', {
      params: { filters: JSON.stringify({ selected_date: day }) },
    });
    if ((await res.json()).status === status) return day;
  }
  throw new Error(`no weekday with status ${status} in the next 180 days`);
}

async function openPicker(page: Page) {
  await page.getByRole('button', { name: /Data programării/ }).click();
  await expect(page.getByRole('button', { name: 'Luna următoare' })).toBeVisible();
}

/** Opens the picker and moves to the month of `day`; returns the day's button. */
async function showDay(page: Page, day: string) {
  await openPicker(page);
  return showMonthOf(page, day);
}

async function pickDay(page: Page, day: string) {
  await (await showDay(page, day)).click();
  await expect(page.getByRole('dialog')).toHaveCount(0); // the picker has closed
}

async function fillPatient(page: Page, cnp: string, email: string) {
  await page.getByLabel('Nume și prenume').fill('Ioana Știrbu');
  await page.getByLabel('CNP').fill(cnp);
  await page.getByLabel(PHONE).fill('0744 555 666');
  await page.getByLabel(EMAIL).fill(email);
  await page.getByLabel(/^Județ de reședință/).selectOption({ label: 'Cluj' });
  await page.getByLabel(/^Statut asigurat/).selectOption({ label: 'Asigurat - pensionar' });
  await page.getByRole('radio', { name: 'Da' }).check();
  await page.getByLabel('Medic de familie', { exact: true }).fill('Dr. Radu Pop');
  await page.getByLabel('Telefon medic de familie').fill('0264 111 222');
}

let staff: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  staff = await signedInRequest(baseURL);
});
test.afterAll(async () => {
  await staff.dispose();
});

test('the landing page explains the service and leads to the form; staff sign-in is discreet', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultații cardiologice la distanță');
  await expect(
    page.getByText('Institutul de Urgență pentru Boli Cardiovasculare și Transplant').first(),
  ).toBeVisible();
  await expect(page.getByText(/nu este destinată urgențelor/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Autentificare personal' })).toHaveAttribute(
    'href',
    '/user/login',
  );
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Solicită o consultație' }).click();
  await expect(page).toHaveURL(/\/user\/register$/);
});

test('the fields keep the ids of their first render: labels stay tied to them, no second render', async ({
  page,
}) => {
  // Mantine's own ids are swapped for random ones after mount, which renders every field twice
  // (decision 0066): every id the page ever changes is recorded from the first byte.
  await page.addInitScript(() => {
    const changed: string[] = [];
    Object.assign(window, { idChanges: changed });
    new MutationObserver((records) => {
      for (const r of records) if (r.oldValue) changed.push(`${r.oldValue} -> ${(r.target as Element).id}`);
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['id'],
      attributeOldValue: true,
    });
  });
  await page.goto('/user/register');
  await expect(page.locator('#static-first-paint')).toHaveCount(0);
  // Both answers the form waits for have arrived (each re-renders its own field).
  await expect(page.getByRole('checkbox', { name: /Am citit și sunt de acord/ })).toBeEnabled();
  await expect(page.getByLabel(/^Județ de reședință/).locator('option', { hasText: 'Cluj' })).toHaveCount(1);
  await expect(page.getByLabel('CNP')).toHaveAttribute('id', /^mantine-_app/);
  expect(await page.evaluate(() => (window as unknown as { idChanges: string[] }).idChanges)).toEqual([]);
});

test('the form states the rules, and a complete request reaches the database', async ({ page, request }) => {
  const jsFiles: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') jsFiles.push(new URL(r.url()).pathname);
  });
  await page.goto('/user/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cerere de consultație la distanță');
  for (const text of [
    /nu este destinată urgențelor/,
    /Nu se eliberează rețete și nici concedii medicale/,
    /Convorbirile nu sunt înregistrate/,
    /trimis și medicului dumneavoastră de familie/,
    /în cel mult 48 de ore/i,
  ]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'consultatii@institut.example' }).first()).toBeVisible();
  // The consent text the server serves now is the one shown (and its version is recorded below).
  const consent = (await (await request.get('/api/appointment/consent-text')).json()) as {
    version: string;
    text: string;
  };
  await expect(page.getByText(consent.text)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Protocolul de protecție a datelor' })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await expectNoA11yViolations(page);

  const day = await findDay(request, 1);
  await pickDay(page, day);
  const slot = page.getByRole('radio', { name: '08:00' });
  await expect(slot).toBeVisible();
  await slot.check();
  const cnp = makeCnp(2, '1958-04-21', '12', Math.floor(Math.random() * 1000));
  const email = `ioana.${Date.now()}@example.ro`;
  await fillPatient(page, cnp, email);
  await page.getByRole('checkbox', { name: /sunt de acord/ }).check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Trimite cererea' }).click();

  await expect(page).toHaveURL(/\/user\/success$/);
  await expect(page.getByText('Cererea dumneavoastră a fost înregistrată.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cererea a fost înregistrată');
  const [y, m, d] = day.split('-');
  await expect(page.getByText(`${d}.${m}.${y}`)).toBeVisible();
  await expectNoA11yViolations(page);

  // No back-office library came with the public pages.
  expect(jsFiles.filter((f) => /calendar|datatable|editor|charts|carousel|dropzone/.test(f))).toEqual([]);

  // In the database: the patient (found by staff), the request and its consent (audit), the e-mail.
  const list = await staff.get('/api/patients', { params: { filters: JSON.stringify({ cnp }) } });
  const patients = (await list.json()).patients as { id: number; patient: string }[];
  expect(patients).toHaveLength(1);
  expect(patients[0].patient).toBe('Ioana Știrbu');
  await expect.poll(() => sentMails().some((mail) => mail.includes(email)), { timeout: 15_000 }).toBe(true);
  // The consent (text version) is recorded with the request; the audit log shows it to superadmins.
  const audit = await staff.get('/api/admin/audit', {
    params: { filters: JSON.stringify({ patientId: patients[0].id, action: 'registration.create' }) },
  });
  const events = (await audit.json()).data as { details: Record<string, unknown> }[];
  expect(events).toHaveLength(1);
  expect(events[0].details).toMatchObject({ day, consentVersion: consent.version, patientCreated: true });
});

test('weekends and past days cannot be picked', async ({ page }) => {
  await page.goto('/user/register');
  let saturday = addDays(today(), 1);
  while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
  await expect(await showDay(page, saturday)).toBeDisabled();
  await expect(
    page.getByRole('button', { name: dayLabel(addDays(saturday, 1)), exact: true }),
  ).toBeDisabled();
  await page.keyboard.press('Escape');
  await openPicker(page);
  // The picker opens on this month: yesterday is among its days unless today is the 1st.
  const yesterday = addDays(today(), -1);
  if (yesterday.slice(0, 7) === today().slice(0, 7))
    await expect(page.getByRole('button', { name: dayLabel(yesterday), exact: true })).toBeDisabled();
});

test('a BAD day shows the message and offers no time', async ({ page, request }) => {
  const bad = await findDay(request, 0);
  // The picker does not offer the days it knows closed (GET /appointment/closed-days); a day
  // closed or filled after it asked is still refused by the date check, with the message.
  await page.route('**/api/appointment/closed-days', (route) =>
    route.fulfill({ json: { status: 1, closed: [] } }),
  );
  await page.goto('/user/register');
  await pickDay(page, bad);
  await expect(page.getByText(UNAVAILABLE)).toBeVisible();
  await expect(page.getByRole('radio', { name: '08:00' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  // Choosing a good day afterwards offers the slot again.
  await pickDay(page, await findDay(request, 1));
  await expect(page.getByRole('radio', { name: '08:00' })).toBeVisible();
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
});

test('each field shows its message; an invalid CNP and phone are refused before sending', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/appointment')) posts.push(r.url());
  });
  await page.goto('/user/register');
  await page.getByRole('button', { name: 'Trimite cererea' }).click();
  for (const message of [
    'Va rugam selectati data programarii.',
    'Va rugam selectati ora programarii.',
    'Va rugam introduceti numele.',
    'Va rugam introduceti CNP valid.',
    'Va rugam introduceti numarul de telefon.',
    'Trebuie sa fiti de acord.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The focus goes to the first field with a problem.
  await expect(page.getByRole('button', { name: /Data programării/ })).toBeFocused();
  await page.getByLabel('CNP').fill('1850312401234'); // wrong control digit
  await page.getByLabel(PHONE).fill('0790 123 456');
  await page.getByLabel(PHONE).blur();
  await expect(page.getByText('Va rugam introduceti CNP valid.')).toBeVisible();
  await expect(page.getByText('Numarul de telefon introdus este invalid')).toBeVisible();
  await page.getByLabel('E-mail medic de familie').fill('dr@');
  await page.getByLabel('E-mail medic de familie').blur();
  await expect(page.getByText('Adresa de e-mail a medicului de familie este invalidă.')).toBeVisible();
  await expect(page.getByLabel('CNP')).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);
  expect(posts).toEqual([]);
});

test('a refusal from the server shows its message and keeps what the patient typed', async ({
  page,
  request,
}) => {
  await page.route('**/api/appointment', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ status: 0, message: UNAVAILABLE, errors: { appt_date: UNAVAILABLE } }),
        })
      : route.continue(),
  );
  await page.goto('/user/register');
  await pickDay(page, await findDay(request, 1));
  await page.getByRole('radio', { name: '08:00' }).check();
  const cnp = makeCnp(1, '1970-01-15', '40', 5);
  await fillPatient(page, cnp, 'pastrat@example.ro');
  await page.getByRole('checkbox', { name: /sunt de acord/ }).check();
  await page.getByRole('button', { name: 'Trimite cererea' }).click();
  await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/register$/);
  await expect(page.getByLabel('CNP')).toHaveValue(cnp);
  await expect(page.getByLabel('Nume și prenume')).toHaveValue('Ioana Știrbu');
  await expect(page.getByLabel(EMAIL)).toHaveValue('pastrat@example.ro');
  await expect(page.getByRole('checkbox', { name: /sunt de acord/ })).toBeChecked();
  // The day is now known to be full: no time is offered for it.
  await expect(page.getByRole('radio', { name: '08:00' })).toHaveCount(0);
});

test('the date and the time can be chosen with the keyboard alone', async ({ page }) => {
  await page.goto('/user/register');
  const dateButton = page.getByRole('button', { name: /Data programării/ });
  await dateButton.focus();
  await page.keyboard.press('Enter');
  // The calendar's code is fetched when the patient reaches the field; it opens once it is there.
  await expect(page.getByRole('button', { name: 'Luna următoare' })).toBeVisible();
  const focusedDay = () =>
    page.evaluate(() =>
      /^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(document.activeElement?.getAttribute('aria-label') ?? ''),
    );
  // Tab goes from the month controls into the days; the arrows then move between days.
  for (let i = 0; i < 5 && !(await focusedDay()); i++) await page.keyboard.press('Tab');
  expect(await focusedDay()).toBe(true);
  await page.keyboard.press('ArrowDown'); // the same weekday a week later: never a weekend
  await page.keyboard.press('Enter');
  await expect(dateButton).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  const slot = page.getByRole('radio', { name: '08:00' });
  await expect(slot.or(page.getByText(UNAVAILABLE))).toBeVisible();
  if (await slot.isVisible()) {
    // The focus is back on the date field; the next Tab reaches the time.
    await page.keyboard.press('Tab');
    await expect(slot).toBeFocused();
    await page.keyboard.press('Space');
    await expect(slot).toBeChecked();
  }
});

test('a consent text changed meanwhile is shown again and must be agreed again', async ({
  page,
  request,
}) => {
  const CHANGED = 'Textul acordului s-a schimbat. Vă rugăm reîncărcați pagina și citiți-l din nou.';
  let served = 0;
  await page.route('**/api/appointment/consent-text', (route) =>
    served++ === 0
      ? route.continue()
      : route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: 1, version: 'test-noua', text: 'Textul nou al acordului.' }),
        }),
  );
  await page.route('**/api/appointment', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ status: 0, message: CHANGED, errors: { agreement: CHANGED } }),
        })
      : route.continue(),
  );
  await page.goto('/user/register');
  await pickDay(page, await findDay(request, 1));
  await page.getByRole('radio', { name: '08:00' }).check();
  await fillPatient(page, makeCnp(1, '1966-06-06', '40', 6), 'acord@example.ro');
  const agree = page.getByRole('checkbox', { name: /sunt de acord/ });
  await agree.check();
  await page.getByRole('button', { name: 'Trimite cererea' }).click();
  await expect(page.getByText('Textul nou al acordului.')).toBeVisible();
  await expect(agree).not.toBeChecked();
  await expect(page.getByText(CHANGED).first()).toBeVisible();
  await expect(page.getByLabel('CNP')).toHaveValue(makeCnp(1, '1966-06-06', '40', 6));
});
