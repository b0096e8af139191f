/**
 * What staff tripped over on a second walkthrough of the staff screens (issue 22): each test
 * failed before its change.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

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
  await page.getByRole('button', { name: 'Adauga pacient' }).click();
  const drawer = page.getByRole('dialog', { name: 'Adauga pacient' });
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

test('an appointment with a custom status shows its title, one name in every place', async ({ page }) => {
  await signIn(page, 'superadmin');
  const res = await page.request.get('/api/appointment', {
    params: { filters: JSON.stringify({ status: 'custom' }), page: 1, perPage: 10, hideOlder: false },
  });
  const a = ((await res.json()) as { appointments: { id: number; apstatus: { title: string } }[] })
    .appointments[0];
  await page.goto(`/app/appointments/${a.id}`);
  await expect(page.locator('h1 + [data-status]')).toHaveText(a.apstatus.title);
  const summary = page.getByRole('tabpanel', { name: 'Sumar' });
  await expect(summary).toContainText(a.apstatus.title);
  await expect(summary).not.toContainText('Status personalizat');
  await expect(summary).not.toContainText('Programat');
  await page.screenshot({ path: test.info().outputPath('custom-status-summary.png') });
});
