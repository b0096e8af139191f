/**
 * What staff tripped over on a second walkthrough of the staff screens (issue 22), lists and patients:
 * pagers, searchable selects, the add-patient drawer, patient pickers and consultation drafts.
 * Each test failed before its change.
 */
import type { Page } from '@playwright/test';
import { choose, expect, forgetSession, signIn, test } from './fixtures';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
] as const;

/** The pager's page buttons are on top of everything at their centre (not under the footer). */
async function expectPagerClickable(page: Page, shot: string) {
  const button = page.getByRole('button', { name: '2', exact: true });
  await button.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  await expect
    .poll(() =>
      page.evaluate(
        () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
      ),
    )
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath(`${shot}.png`) });
  const footer = page.locator('footer, .mantine-AppShell-footer').first();
  const fb = (await footer.boundingBox())!;
  const bb = (await button.boundingBox())!;
  expect(bb.y + bb.height, 'the pager ends above the footer').toBeLessThanOrEqual(fb.y);
  await button.click();
  await expect(page.getByText(/^21-40 din \d+$/)).toBeVisible();
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every list keeps its pager above the footer', async ({ page }) => {
      await signIn(page, 'superadmin');
      for (const [path, name] of [
        ['/app/appointments', 'appointments'],
        ['/app/patients', 'patients'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByText(/^1-20 din \d+$/)).toBeVisible();
        await expectPagerClickable(page, `pager-${name}-${viewport.width}`);
      }
    });
  });
}

test('searchable selects match without case and diacritics', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/app/patients');
  await page.getByRole('button', { name: 'Adaugă pacient' }).click();
  const drawer = page.getByRole('dialog', { name: 'Adaugă pacient' });
  const county = drawer.getByRole('combobox', { name: /Jude/ });
  // Typed without diacritics, in capitals, and with the old cedilla letters (ş, ţ).
  for (const [typed, found] of [
    ['brasov', 'Brașov'],
    ['CONSTANTA', 'Constanța'],
    ['Timiş', 'Timiș'],
    ['bistrita', 'Bistrița-Năsăud'],
  ] as const) {
    await county.fill(typed);
    await expect(page.getByRole('option', { name: found, exact: true })).toBeVisible();
    if (typed === 'brasov') await page.screenshot({ path: test.info().outputPath('county-brasov.png') });
  }
  await page.getByRole('option', { name: 'Bistrița-Năsăud', exact: true }).click();
  await expect(county).toHaveValue('Bistrița-Năsăud');

  // A doctor's name typed without diacritics, in the calendar's doctor filter.
  await page.goto('/app/calendars');
  const doctor = page.getByRole('combobox', { name: 'Medic' }).first();
  await doctor.fill('stefan georg');
  await expect(page.getByRole('option', { name: 'Ștefan Georgescu', exact: true })).toBeVisible();
});
test.describe('the add-patient drawer', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('starts empty after Renunta or Esc, and its toasts cover none of its controls', async ({ page }) => {
    await signIn(page, 'superadmin');
    const res = await page.request.get('/api/patients', { params: { page: 1, perPage: 10 } });
    const existing = (await res.json()).patients[0] as { id: number };
    const cnp = (
      (await (await page.request.get(`/api/patients/${existing.id}`)).json()).patient as { cnp: string }
    ).cnp;
    await page.goto('/app/patients');
    const open = page.getByRole('button', { name: 'Adaugă pacient' });
    const drawer = page.getByRole('dialog', { name: 'Adaugă pacient' });
    const name = drawer.locator('[data-path="name"]');

    await open.click();
    await name.fill('Abandonat Renunta');
    await drawer.locator('[data-path="cnp"]').fill('1234');
    await drawer.locator('[data-path="cnp"]').blur(); // its message shows (and moves the buttons) first
    await expect(drawer.getByText('Va rugam introduceti CNP valid.')).toBeVisible();
    await drawer.getByRole('button', { name: 'Renunță' }).click();
    await expect(drawer).toBeHidden();
    await open.click();
    await expect(name).toHaveValue('');
    await expect(drawer.locator('[data-path="cnp"]')).toHaveValue('');

    await name.fill('Abandonat Esc');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await open.click();
    await expect(name).toHaveValue('');

    // A refused save (the CNP is taken) shows a toast: it covers no control of the drawer.
    await name.fill('Dublura Test');
    await drawer.locator('[data-path="cnp"]').fill(cnp);
    await drawer.locator('[data-path="phone"]').fill('0722 000 123');
    const insurance = drawer.getByRole('combobox', { name: 'Statut asigurat' });
    await insurance.click();
    await page.getByRole('option', { name: 'Asigurat - pensionar' }).click();
    const county = drawer.getByRole('combobox', { name: /Jude/ });
    await county.fill('cluj');
    await page.getByRole('option', { name: 'Cluj' }).click();
    await drawer.getByRole('radio', { name: 'Nu' }).check();
    await drawer.getByRole('button', { name: 'Salvează' }).click();
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toBeVisible();
    await expect(drawer).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('drawer-toast.png') });
    const t = (await toast.boundingBox())!;
    const controls = page.locator(
      '[role="dialog"] button, [role="dialog"] input, header button, header input, .mantine-AppShell-navbar a',
    );
    for (const control of await controls.all()) {
      if (!(await control.isVisible())) continue;
      const b = (await control.boundingBox())!;
      const overlaps =
        b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
      expect(overlaps, `the toast covers ${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(
        false,
      );
    }
  });
});
const PICKED = /^\S.* · \*{9}\d{4} · n\. \d{2}\.\d{2}\.\d{4}$/;

for (const viewport of WIDTHS) {
  test(`patient pickers show the masked CNP and the birth date beside each name, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'superadmin');
    await page.goto('/app/docs/documents');
    // The documents' patient filter.
    const filter = page.getByRole('main').getByRole('combobox', { name: 'Pacient' });
    await filter.fill('pop');
    const options = page.getByRole('option');
    await expect(options.first()).toHaveText(PICKED);
    for (const text of await options.allInnerTexts()) expect(text.trim()).toMatch(PICKED);
    await page.screenshot({ path: test.info().outputPath(`picker-filter-${viewport.width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, 'no horizontal overflow').toBe(false);
    await page.keyboard.press('Escape');

    // The upload's patient picker.
    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Pacient/ }).fill('pop');
    await expect(page.getByRole('option').first()).toHaveText(PICKED);
    await page.keyboard.press('Escape');
  });
}

test('the new-appointment patient picker shows the masked CNP and the birth date', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/app/appointments');
  await page.getByRole('button', { name: 'Adaugă programare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
  await choose(page, dialog, /Medic/, /./);
  await dialog.getByRole('textbox', { name: 'Caută pacient' }).fill('pop');
  await dialog.getByRole('combobox', { name: /^Pacient/ }).click();
  await expect(page.getByRole('option').first()).toHaveText(PICKED);
});

test('a consultation being typed is kept as a draft in the browser, and leaving the page asks first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin');
  const list = await page.request.get('/api/patients', { params: { page: 1, perPage: 10 } });
  const patient = (await list.json()).patients[3] as { id: number; patient: string };
  const marker = `Durere retrosternală ${Date.now() % 100000}`;
  // No health data leaves the browser before it is saved.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.postData()?.includes(marker)) sent.push(r.url());
  });
  const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')));

  await page.goto(`/app/patients/${patient.id}`);
  const reason = page.getByRole('textbox', { name: 'Motivul consultației' });
  await reason.click();
  await page.keyboard.type(marker);
  await expect(page.locator('[data-draft="reason"]')).toBeVisible();

  // Another tab and back: the text is still there.
  await page.getByRole('tab', { name: 'Documente' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/patients/${patient.id}/documents$`));
  await page.getByRole('tab', { name: 'Detalii' }).click();
  await expect(reason).toContainText(marker);

  // A reload asks first (the browser's own question), and the text is back afterwards.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await expect(reason).toContainText(marker);

  // A link elsewhere in the app asks first; staying keeps everything.
  await page.getByRole('navigation').getByRole('link', { name: 'Programari' }).click();
  const ask = page.getByRole('dialog', { name: 'Părăsiți pagina?' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('leave-confirm.png') });
  await ask.getByRole('button', { name: 'Rămân pe pagină' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/patients/${patient.id}$`));
  await expect(reason).toContainText(marker);
  expect(await drafts()).toEqual([
    expect.stringMatching(new RegExp(`^draft:consultation:[^:]+:${patient.id}:reason$`)),
  ]);

  // "Renunta" discards the draft.
  await page.getByRole('button', { name: 'Renunță: Motivul consultației' }).click();
  await expect(reason).not.toContainText(marker);
  expect(await drafts()).toEqual([]);
  expect(sent).toEqual([]);

  // Saved: no longer a draft, and leaving asks nothing.
  await reason.click();
  await page.keyboard.type(marker);
  await page.getByRole('button', { name: 'Salvează: Motivul consultației' }).click();
  await expect(page.getByText(/Motivul consultației: consultația a fost salvată/)).toBeVisible();
  expect(sent.length).toBe(1);
  await expect.poll(drafts).toEqual([]);
  await page.getByRole('navigation').getByRole('link', { name: 'Programari' }).click();
  await expect(page).toHaveURL(/\/app\/appointments$/);

  // A draft is removed at sign-out.
  await page.goto(`/app/patients/${patient.id}`);
  await page.getByRole('textbox', { name: 'Diagnostic prezumtiv' }).click();
  await page.keyboard.type('Angină pectorală');
  await expect
    .poll(drafts)
    .toEqual([expect.stringMatching(new RegExp(`^draft:consultation:[^:]+:${patient.id}:diagnosis$`))]);
  await page.getByRole('button', { name: /Elena Vasilescu/ }).click();
  await page.getByRole('menuitem', { name: 'Deconectare' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  forgetSession('superadmin');
  expect(await drafts()).toEqual([]);
});
