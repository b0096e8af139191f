/**
 * The patient area as staff meet it (issue 4): the list's filters and pages, 'Add patient' with
 * the SPEC §5 messages, the detail page (side panel, edit, a consultation section saved and seen
 * under Consults, the letter downloaded as a PDF), the appointments tab and unknown sub-routes.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { clinicToday, formatDay } from '../domain/dates';
import { makeCnp } from '../domain/validation/cnp';
import { showMonthOf } from './dates';
import { expect, expectNoA11yViolations, signIn, test } from './fixtures';

const rows = (page: Page) => page.locator('table tbody tr');
const pager = (page: Page) => page.getByText(/^\d+-\d+ din \d+$/);

async function openList(page: Page) {
  await signIn(page, 'superadmin');
  await page.goto('/app/patients');
  await expect(page.getByRole('heading', { name: 'Pacienți', level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

/** Chooses a Select option with the keyboard (a click can miss while error texts move the layout). */
async function pick(page: Page, combobox: Locator, option: string) {
  await combobox.focus();
  await combobox.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}

/** A patient the demo data gives an appointment, and their detail URL. */
async function demoPatient(page: Page, filters: Record<string, unknown> = {}) {
  const res = await page.request.get(`/api/patients?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  const { patients } = (await res.json()) as {
    patients: { id: number; patient: string; appointment_date: string | null }[];
  };
  const p = patients.find((x) => x.appointment_date) ?? patients[0];
  return p;
}

test.describe('patient list', () => {
  test('pages on the server, 20 by default, and goes back to page 1 when a filter changes', async ({
    page,
  }) => {
    await openList(page);
    await expect(rows(page)).toHaveCount(20);
    await expect(pager(page)).toHaveText(/^1-20 din \d+$/);
    const total = Number((await pager(page).textContent())!.split(' din ')[1]);
    expect(total).toBeGreaterThanOrEqual(240);

    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(pager(page)).toHaveText(`21-40 din ${total}`);

    await page.getByRole('textbox', { name: 'Pacient', exact: true }).fill('popescu');
    // Back to page 1 of a smaller result.
    await expect(pager(page)).not.toHaveText(new RegExp(` din ${total}$`));
    await expect(pager(page)).toHaveText(/^1-\d+ din \d+$/);
    const names = await page.locator('table tbody tr td:first-child a').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n.toLowerCase()).toContain('popescu');

    await page.getByRole('textbox', { name: 'Pacient', exact: true }).fill('zzzz-nimeni');
    await expect(page.getByText('Nu s-a gasit nici un pacient')).toBeVisible();
    await page.getByRole('textbox', { name: 'Pacient', exact: true }).fill('');
    await expect(pager(page)).toHaveText(`1-20 din ${total}`);

    // Page size 10: the page count follows (total / 10 rounded up).
    await page.getByRole('button', { name: '20' }).click();
    await page.getByRole('menuitem', { name: '10', exact: true }).click();
    await expect(pager(page)).toHaveText(`1-10 din ${total}`);
    await expect(rows(page)).toHaveCount(10);
    await expectNoA11yViolations(page, { include: 'main' });
    await expect(
      page.getByRole('button', { name: String(Math.ceil(total / 10)), exact: true }),
    ).toBeVisible();
  });

  test('filters by status and appointment date in the column headers', async ({ page }) => {
    await openList(page);
    await page.getByRole('button', { name: 'Filtrează: Status' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cerere', exact: true }).click();
    await expect(pager(page)).toHaveText(/^1-\d+ din \d+$/);
    await page.keyboard.press('Escape');
    const statuses = page.locator('table tbody tr [data-status]');
    await expect(statuses.first()).toBeVisible();
    for (const s of await statuses.all()) await expect(s).toHaveAttribute('data-status', 'request');

    // The date filter: a day that has appointments (from the list itself).
    await page.reload();
    const withDate = await demoPatient(page);
    const day = withDate.appointment_date!;
    await page.getByRole('button', { name: 'Filtrează: Data programării' }).click();
    const picker = page.getByRole('dialog', { name: 'Filtrează: Data programării' });
    await (await showMonthOf(page, day, picker)).click();
    await expect(rows(page).first()).toContainText(formatDay(day));
    // Every row shows that day (a retrying check: the table may still be swapping pages).
    await expect(
      page.locator('table tbody tr td:nth-child(3)').filter({ hasNotText: formatDay(day) }),
    ).toHaveCount(0);
  });

  test('adds a patient: the bad CNP message, then a good one that appears in the list', async ({ page }) => {
    await openList(page);
    await page.getByRole('button', { name: 'Adaugă pacient' }).click();
    const drawer = page.getByRole('dialog', { name: 'Adaugă pacient' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Salvează' }).click();
    for (const text of [
      'Va rugam introduceti numele.',
      'Va rugam introduceti CNP valid.',
      'Va rugam introduceti numarul de telefon.',
      'Va rugam selectati statutul asiguratului.',
      'Va rugam selectati judetul de resedinta.',
      'Va rugam selectati daca pacientul este vaccinat',
    ])
      await expect(drawer.getByText(text)).toBeVisible();

    const stamp = Date.now() % 1000;
    const name = `Ștefănescu Test ${stamp}`;
    await drawer.locator('[data-path="name"]').fill(name);
    await drawer.locator('[data-path="cnp"]').fill('1234567890123');
    await drawer.locator('[data-path="phone"]').fill('0612 345 678');
    await pick(page, drawer.getByRole('combobox', { name: 'Statut asigurat' }), 'Asigurat - pensionar');
    await pick(page, drawer.getByRole('combobox', { name: 'Județ de reședință' }), 'Brașov');
    await drawer.getByRole('radio', { name: 'Da' }).check();
    await drawer.getByRole('button', { name: 'Salvează' }).click();
    await expect(drawer.getByText('Va rugam introduceti CNP valid.')).toBeVisible();
    await expect(drawer.getByText('Numarul de telefon introdus este invalid')).toBeVisible();

    await drawer.locator('[data-path="cnp"]').fill(makeCnp(1, '1971-02-03', '08', stamp));
    await drawer.locator('[data-path="phone"]').fill('0722 000 123');
    await drawer.getByRole('button', { name: 'Salvează' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('textbox', { name: 'Pacient', exact: true }).fill(`stefanescu test ${stamp}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(name);
    await expect(rows(page).first().getByRole('img', { name: 'Vaccinat' })).toBeVisible();

    // The form starts empty next time.
    await page.getByRole('button', { name: 'Adaugă pacient' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Adaugă pacient' }).locator('[data-path="name"]'),
    ).toHaveValue('');
  });
});

test.describe('patient detail', () => {
  test('side panel, edit, a section saved and seen under Consults, the letter downloaded', async ({
    page,
  }) => {
    await signIn(page, 'superadmin');
    const p = await demoPatient(page);
    await page.goto('/app/patients');
    await page.getByRole('textbox', { name: 'Pacient', exact: true }).fill(p.patient);
    await page.getByRole('link', { name: p.patient }).first().click();
    await expect(page).toHaveURL(new RegExp(`/app/patients/${p.id}$`));
    await expect(page.getByRole('heading', { name: p.patient, level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+ ani · (Masculin|Feminin)/)).toBeVisible();

    // The side panel's button shows its whole label (it wraps in the narrow column, not cut).
    const edit = page.getByRole('button', { name: 'Update patient details' });
    const cut = await edit.locator('.mantine-Button-label').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    // Edit: toast 'Patient updated' titled 'Success', the modal closes.
    await edit.click();
    const modal = page.getByRole('dialog', { name: 'Actualizează datele pacientului' });
    await modal.locator('[data-path="name"]').fill('');
    await modal.getByRole('button', { name: 'Salvează' }).click();
    await expect(modal.getByText('Va rugam introduceti numele.')).toBeVisible();
    await modal.locator('[data-path="name"]').fill(p.patient);
    await modal.locator('[data-path="gp_name"]').fill('Dr. Ana Țurcanu');
    await modal.getByRole('button', { name: 'Salvează' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Patient updated')).toBeVisible();
    await expect(page.getByText('Dr. Ana Țurcanu')).toBeVisible();

    // The consultation form: default title, one section saved.
    const today = formatDay(clinicToday(new Date()));
    const title = page.getByLabel('Titlul consultației');
    await expect(title).toHaveValue(`Consultatie ${today}`);
    await title.fill(`Consultatie e2e ${today}`);
    await page.getByRole('textbox', { name: 'Motivul consultației' }).click();
    await page.keyboard.type('Dispnee la efort și palpitații');
    await page.getByRole('button', { name: 'Salvează: Motivul consultației' }).click();
    await expect(page.getByText(/Motivul consultației: consultația a fost salvată/)).toBeVisible();

    await page.getByRole('tab', { name: 'Consultații' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/patients/${p.id}/consults$`));
    const group = page.locator('[data-guid]', { hasText: `Consultatie e2e ${today}` });
    await expect(group).toBeVisible();
    await expect(group.getByText('Dispnee la efort și palpitații')).toBeVisible();

    // Edit the entry in place.
    await group.getByRole('button', { name: 'Editează: Motivul consultației' }).click();
    await group.getByRole('textbox', { name: 'Motivul consultației' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' de o săptămână');
    await group.getByRole('button', { name: 'Salvează', exact: true }).click();
    await expect(group.getByText('Dispnee la efort și palpitații de o săptămână')).toBeVisible();

    // The letter: a signed link the browser navigates to, answered with a PDF download.
    const download = page.waitForEvent('download');
    await group.getByRole('button', { name: 'Descarcă scrisoarea' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^scrisoare-medicala-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await expectNoA11yViolations(page, { include: 'main' });
  });

  test('appointments tab: cards, the doctor shown to a superadmin only', async ({ page }) => {
    await signIn(page, 'superadmin');
    const p = await demoPatient(page);
    await page.goto(`/app/patients/${p.id}/appointments`);
    const cards = page.locator('[data-appointment]');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByText('Medic:')).toBeVisible();
    await signIn(page, 'doctor');
    await page.goto(`/app/patients/${p.id}/appointments`);
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByText('Medic:')).toHaveCount(0);
  });

  test('a patient without appointments says so; unknown sub-routes go to /error', async ({ page }) => {
    await signIn(page, 'superadmin');
    const res = await page.request.get('/api/patients?perPage=100');
    const { patients } = (await res.json()) as { patients: { id: number; appointment_id: number | null }[] };
    const lonely = patients.find((x) => x.appointment_id === null);
    if (lonely) {
      await page.goto(`/app/patients/${lonely.id}/appointments`);
      await expect(page.getByText('Nu exista programari pentru acest pacient')).toBeVisible();
    }
    await page.goto(`/app/patients/${patients[0].id}/nu-exista`);
    await expect(page).toHaveURL(/\/error$/);
    // An unknown patient is said inside the shell (fit-and-finish.spec.ts, issue 19 item 6).
  });
});
