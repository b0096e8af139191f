/**
 * My account (issue 7): add, change and delete a time-off period through the range picker; the
 * private calendar feed; change the password (on dr.georgescu, restored at the end) with the
 * other sessions ended; the two-factor set-up showing its QR code.
 */
import type { Page } from '@playwright/test';
import { MONTHS_RO } from './dates';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Opens the range picker and clicks two days of the month `ahead` months from now. A new period's
 * picker opens on this month, an existing one's on its own month (`opensOnTarget`).
 */
async function pickRange(page: Page, ahead: number, from: number, to: number, opensOnTarget = false) {
  await page.getByTestId('time-off-range').click();
  if (!opensOnTarget)
    for (let i = 0; i < ahead; i++) await page.locator('[data-direction="next"]').first().click();
  const d = new Date();
  const month = new Date(d.getFullYear(), d.getMonth() + ahead, 1);
  const label = (day: number) => `${day} ${MONTHS_RO[month.getMonth()]} ${month.getFullYear()}`;
  await page.getByRole('button', { name: label(from), exact: true }).click();
  await page.getByRole('button', { name: label(to), exact: true }).click();
  return (day: number) => `${pad(day)}.${pad(month.getMonth() + 1)}.${month.getFullYear()}`;
}

test('add, change and delete a time-off period', async ({ page }) => {
  await signIn(page, 'doctor');
  // A month ahead without time off of this doctor, so the new period does not overlap.
  const { data } = (await (await page.request.get('/api/my-account')).json()) as {
    data: { from: string; to: string }[];
  };
  let ahead = 2;
  const monthKey = (n: number) => {
    const m = new Date(new Date().getFullYear(), new Date().getMonth() + n, 1);
    return `${m.getFullYear()}-${pad(m.getMonth() + 1)}`;
  };
  while (data.some((p) => p.from.slice(0, 7) <= monthKey(ahead) && p.to.slice(0, 7) >= monthKey(ahead)))
    ahead++;

  await page.goto('/app/my-account');
  await expect(page.getByTestId('account-email')).toHaveText('dr.ionescu@institut.example');
  const table = page.getByTestId('time-off-table');
  await page.getByRole('button', { name: 'Add new' }).click();
  const day = await pickRange(page, ahead, 14, 16);
  await page.getByRole('dialog').getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText('Concediul a fost adăugat')).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(`${day(14)}`) });
  await expect(row).toContainText(day(16));
  await expect(row).toContainText('3');

  // Row click: the update modal, a longer range.
  await row.click();
  await expect(page.getByRole('dialog', { name: 'Modificare concediu' })).toBeVisible();
  await pickRange(page, ahead, 14, 18, true);
  await page.getByRole('dialog').getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText('Concediul a fost actualizat')).toBeVisible();
  const changed = table.getByRole('row', { name: new RegExp(`${day(14)}`) });
  await expect(changed).toContainText(day(18));

  // An overlap is a refusal, not a communication failure: the toast says why, in Romanian.
  await page.getByRole('button', { name: 'Add new' }).click();
  await pickRange(page, ahead, 18, 20);
  await page.getByRole('dialog').getByRole('button', { name: 'Salvează' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Perioada nu a fost salvată' });
  await expect(refusal).toContainText('Perioada se suprapune cu alt concediu înregistrat.');
  await expect(page.getByText('Could not create data')).toHaveCount(0);
  await expect(page.getByText(/System could not communicate properly/)).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Renunță' }).click();

  await changed.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Șterge' }).click();
  await expect(page.getByText('Concediul a fost șters')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`${day(14)}`) })).toHaveCount(0);
});

test('the private calendar feed: create, read, revoke', async ({ page }) => {
  await signIn(page, 'doctor');
  await page.goto('/app/my-account');
  await page.getByRole('button', { name: /Generează/ }).click();
  const url = await page.getByTestId('feed-url').inputValue();
  expect(url).toMatch(/\/api\/calendar-feed\/[A-Za-z0-9_-]+\.ics$/);
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await page.getByRole('button', { name: 'Revoca' }).click();
  await expect(page.getByText('Adresa calendarului a fost revocată.')).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});

const GEORGESCU = 'dr.georgescu@institut.example';
const NEW_PASSWORD = 'Inima-Sanatoasa-Calendar-77';

test('change password (other sessions end), then two-factor set-up shows a QR code', async ({
  page,
  browser,
}) => {
  // A second session of the same account, which the change must end.
  const other = await browser.newContext();
  const signInAs = (ctx: typeof other, password: string) =>
    ctx.request.post('/api/auth/sign-in/email', { data: { email: GEORGESCU, password } });
  expect((await signInAs(other, DEMO_PASSWORD)).status()).toBe(200);
  expect((await signInAs(page.context(), DEMO_PASSWORD)).status()).toBe(200);

  try {
    await page.goto('/app/my-account');
    await page.getByLabel('Parola curentă').fill('gresita-de-tot-123');
    await page.getByLabel('Parola nouă', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repetați parola nouă').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await expect(page.getByText('Parola curentă nu este corectă.')).toBeVisible();

    await page.getByLabel('Parola curentă').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await expect(page.getByText('Parola a fost schimbată. Celelalte sesiuni au fost închise.')).toBeVisible();
    expect((await other.request.get('/api/user/user-details')).status()).toBe(401);
    const fresh = await browser.newContext();
    expect((await signInAs(fresh, DEMO_PASSWORD)).status()).toBe(401);
    expect((await signInAs(fresh, NEW_PASSWORD)).status()).toBe(200);
    await fresh.close();

    // Two-factor: the set-up step shows the QR code and the backup codes (not confirmed here).
    await page.getByLabel('Parola contului').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Configurează' }).click();
    await expect(page.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirmă' })).toBeDisabled();
  } finally {
    // Restore the shared demo password for the other specs (better-auth wants an Origin header).
    const again = await browser.newContext();
    await signInAs(again, NEW_PASSWORD);
    const restore = await again.request.post('/api/auth/change-password', {
      headers: { origin: new URL(page.url()).origin },
      data: { currentPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD, revokeOtherSessions: true },
    });
    await again.close();
    expect(restore.status(), 'demo password restored').toBe(200);
    await other.close();
  }
});
