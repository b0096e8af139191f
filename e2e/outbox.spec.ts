/**
 * The outbox page (issue 24): an administrator sees the messages the application sent, with the
 * recipient masked and no body, filters them by state; a doctor has neither the menu entry nor
 * the page.
 */
import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

test('an administrator sees the messages sent, recipient masked, and filters them', async ({ page }) => {
  // A password reset for the doctor puts one e-mail in the outbox (the demo writes it as .eml).
  const reset = await page.request.post('/api/auth/request-password-reset', {
    data: { email: ACCOUNTS.doctor, redirectTo: '/user/reset-password' },
  });
  expect(reset.status()).toBe(200);

  await signIn(page, 'admin');
  await page.goto('/app/dashboard');
  const menu = page.getByRole('navigation', { name: 'Meniu principal' });
  await menu.getByText('Administrare').click();
  await menu.getByRole('link', { name: 'Coada de mesaje' }).click();
  // The admin role sees the outbox only, not the superadmins' pages.
  await expect(page.getByRole('link', { name: 'Jurnal de audit' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/admin\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Coada de mesaje' })).toBeVisible();

  const row = page.getByRole('row', { name: /Resetarea parolei/ }).first();
  await expect(row).toContainText('d***@institut.example');
  await expect(row).toContainText('E-mail');
  await expect(page.getByText(ACCOUNTS.doctor)).toHaveCount(0);
  // The worker sends it within seconds; the page shows it once it reloads. Each reload gets a
  // few seconds to show its rows: late in the whole suite the list loads slower than alone.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /Resetarea parolei/ }).first()).toContainText('Trimis', {
      timeout: 5000,
    });
  }).toPass({ timeout: 30_000 });
  await expectNoA11yViolations(page, { include: 'main' });

  await page.getByRole('main').getByRole('combobox', { name: 'Stare' }).click();
  await page.getByRole('option', { name: 'Netrimis' }).click();
  await expect(page).toHaveURL(/state=failed/);
  await expect(page.getByText('Niciun mesaj')).toBeVisible();
  await expect(page.getByRole('row', { name: /Resetarea parolei/ })).toHaveCount(0);
});

test('a doctor has no outbox page', async ({ page }) => {
  await signIn(page, 'doctor');
  await page.goto('/app/admin/outbox');
  await expect(page.getByText('Acces interzis')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Coada de mesaje' })).toHaveCount(0);
  const res = await page.request.get('/api/admin/outbox');
  expect(res.status()).toBe(403);
});
