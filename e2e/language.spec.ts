/**
 * Issue 19, item 13 (decision 0036): the screens speak Romanian with diacritics (comma-below ș ț,
 * never the cedilla ş ţ); the left menu keeps the spec's names; one thing has one name (the
 * county of residence is labelled the same on the public form and in the staff's patient form).
 */
import type { Page } from '@playwright/test';
import { TERMS } from '../domain/glossary';
import { expect, signIn, test } from './fixtures';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
];

/** Words a reader sees only when a text lost its diacritics. */
const UNDIACRITISED =
  /(?<![\p{L}])(Acasa|Adauga|Salveaza|Inapoi|Sterge|Cauta|Renunta|Bine ati venit|Buna ziua)(?![\p{L}])/u;

/** Waits for the page's main heading, then reads everything it shows. */
async function pageText(page: Page, heading: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return page.locator('body').innerText();
}

function expectRomanianWithDiacritics(text: string) {
  expect(text.match(/[şţŞŢ]/gu), 'cedilla letters on the page').toBeNull();
  expect(text.match(UNDIACRITISED)?.[0], 'a text without its diacritics').toBeUndefined();
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('staff pages: titles, greetings and buttons with diacritics, the menu with the spec names', async ({
      page,
    }) => {
      await signIn(page, 'superadmin');
      await page.goto('/app/dashboard');
      const home = await pageText(page, 'Acasă');
      await expect(page.getByText('Bine ați venit, ')).toBeVisible();
      expectRomanianWithDiacritics(home);

      // The left menu keeps the spec's words ("Left menu: Home, Pacienti, Programari, ...").
      if (viewport.width < 768) await page.getByRole('button', { name: 'Arată meniul' }).click();
      const menu = page.getByRole('navigation', { name: 'Meniu principal' });
      await expect(menu.getByRole('link', { name: 'Pacienti', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Programari', exact: true })).toBeVisible();

      await page.goto('/app/patients');
      expectRomanianWithDiacritics(await pageText(page, 'Pacienți'));
      await page.getByRole('button', { name: 'Adaugă pacient' }).click();
      const drawer = page.getByRole('dialog', { name: 'Adaugă pacient' });
      await expect(drawer.getByRole('button', { name: 'Salvează' })).toBeVisible();
      await expect(drawer.getByRole('combobox', { name: TERMS.county })).toBeVisible();
      await expect(drawer.getByRole('textbox', { name: TERMS.familyDoctor, exact: true })).toBeVisible();
      expectRomanianWithDiacritics(await drawer.innerText());
      await drawer.getByRole('button', { name: 'Renunță' }).click();
      await expect(drawer).toBeHidden();

      await page.goto('/app/appointments');
      expectRomanianWithDiacritics(await pageText(page, 'Programări'));
      await expect(page.getByRole('button', { name: 'Adaugă programare' })).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Ascunde programările vechi' })).toBeVisible();

      await page.goto('/app/my-account');
      expectRomanianWithDiacritics(await pageText(page, 'Contul meu'));
    });

    test('the public request form: diacritics and the same terms as the staff forms', async ({ page }) => {
      await page.context().clearCookies();
      await page.goto('/user/register');
      const text = await pageText(page, 'Cerere de consultație la distanță');
      expectRomanianWithDiacritics(text);
      await expect(page.getByText('Câmpurile marcate cu * sunt obligatorii.')).toBeVisible();
      await expect(page.getByLabel(new RegExp(`^${TERMS.county}`))).toBeVisible();
      await expect(page.getByLabel(new RegExp(`^${TERMS.insuranceStatus}`))).toBeVisible();
      await expect(page.getByLabel(TERMS.familyDoctor, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Trimite cererea' })).toBeVisible();
    });
  });
}

/** The English names the UI libraries give their own controls unless they are told otherwise. */
const LIBRARY_ENGLISH =
  /^(Previous|Next) (page|slide)$|^Carousel slide$|^Go to slide \d+$|^(Bold|Italic|Underline|Undo|Redo|Clear formatting|Bullet list|Ordered list|Heading \d)$|^(carousel|slide)$/;

/** Every accessible name and role description on the page, as a screen reader would read them. */
async function controlNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [aria-roledescription]')].flatMap((e) =>
      ['aria-label', 'aria-roledescription'].map((a) => e.getAttribute(a) ?? ''),
    ),
  );
}

test('controls drawn by the UI libraries have Romanian names (pager, carousel, text editor)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'doctor');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('button', { name: 'Cardurile următoare' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^În așteptare, 1 din \d$/ })).toBeVisible();
  const names = await controlNames(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/patients');
  await expect(page.getByRole('button', { name: 'Pagina următoare' })).toBeVisible();
  names.push(...(await controlNames(page)));

  const id = (await (await page.request.get('/api/patients?page=1&perPage=10')).json()).patients[0].id;
  await page.goto(`/app/patients/${id}`);
  await expect(page.getByRole('button', { name: 'Aldin' }).first()).toBeVisible();
  names.push(...(await controlNames(page)));

  expect(names.filter((n) => LIBRARY_ENGLISH.test(n))).toEqual([]);
});
