/**
 * Getting back into an account and guarding it (issue 2): the password reset pages and the
 * e-mailed link, and signing in with a two-factor code.
 */
import { createHmac } from 'node:crypto';
import { DEMO_PASSWORD, expect, expectNoA11yViolations, fillLogin, sentMails, test } from './fixtures';

test.describe('password reset', () => {
  const NEUTRAL =
    'Dacă există un cont cu această adresă, veți primi în câteva minute un e-mail cu instrucțiunile pentru resetarea parolei.';

  test('forgot password answers the same for an unknown and a known address', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByRole('link', { name: 'Ați uitat parola?' }).click();
    await expect(page).toHaveURL(/\/user\/forgot-password$/);
    for (const email of ['nimeni@exemplu.ro', 'admin@institut.example']) {
      await page.goto('/user/forgot-password');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Trimite legătura de resetare' }).click();
      await expect(page.getByRole('status')).toHaveText(`Cerere trimisă${NEUTRAL}`);
    }
    await expectNoA11yViolations(page);
  });

  test('the e-mailed link leads to a new password, then to the login page', async ({ page }) => {
    const email = 'dr.popa@institut.example';
    const before = sentMails().length;
    await page.goto('/user/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Trimite legătura de resetare' }).click();
    await expect(page.getByText(NEUTRAL)).toBeVisible();

    let link = '';
    await expect
      .poll(
        () => {
          const mail = sentMails()
            .slice(before)
            .find((m) => m.includes(email) && m.includes('/api/auth/reset-password/'));
          link = mail?.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0] ?? '';
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    await page.goto(link);
    await expect(page).toHaveURL(/\/user\/reset-password\?token=/);

    await page.getByRole('textbox', { name: 'Parola nouă', exact: true }).fill('scurta');
    await page.getByRole('textbox', { name: 'Confirmați parola nouă' }).fill('alta');
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await expect(page.getByText('Parola trebuie să aibă cel puțin 12 caractere.')).toBeVisible();
    await expect(page.getByText('Parolele nu coincid.')).toBeVisible();

    // The same demo password again keeps the other tests' accounts usable.
    await page.getByRole('textbox', { name: 'Parola nouă', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirmați parola nouă' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(
      page.getByText('Parola a fost schimbată. Vă puteți autentifica cu parola nouă.'),
    ).toBeVisible();

    // The link works once.
    await page.goto(link);
    await expect(
      page.getByText('Legătura de resetare este invalidă sau a expirat. Cereți una nouă.'),
    ).toBeVisible();
  });

  test('a reset page without a token says the link is not valid', async ({ page }) => {
    await page.goto('/user/reset-password');
    await expect(
      page.getByText('Legătura de resetare este invalidă sau a expirat. Cereți una nouă.'),
    ).toBeVisible();
  });
});

/** RFC 6238 code (SHA-1, 30 s, 6 digits) for a base32 secret, as an authenticator app makes it. */
function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((b) => Number.parseInt(b, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 15;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('an account with two-factor authentication signs in with its code', async ({ page }) => {
  const email = 'dr.popa@institut.example';
  // Enable two-factor for the account through the API, as its owner would on My Account.
  const request = page.context().request;
  // A browser sends its Origin; better-auth wants one on these cookie-authenticated calls.
  const headers = { origin: String(test.info().project.use.baseURL) };
  expect(
    (await request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } })).ok(),
  ).toBe(true);
  const enabled = await request.post('/api/auth/two-factor/enable', {
    data: { password: DEMO_PASSWORD },
    headers,
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const secret = new URL((await enabled.json()).totpURI).searchParams.get('secret') ?? '';
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: totp(secret) },
    headers,
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  await request.post('/api/auth/sign-out', { data: {}, headers });
  await page.context().clearCookies();

  try {
    await page.goto('/user/login?next=%2Fapp%2Fcalendars');
    await fillLogin(page, email, DEMO_PASSWORD);
    const code = page.getByRole('textbox', { name: 'Cod de autentificare' });
    await expect(code).toBeVisible();
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verifică codul' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Login Error' })).toContainText(
      'Cod incorect sau expirat. Încercați din nou.',
    );
    await code.fill(totp(secret));
    await page.getByRole('button', { name: 'Verifică codul' }).click();
    await expect(page).toHaveURL(/\/app\/calendars$/);
  } finally {
    // Leave the demo account as it was for the other tests.
    const off = await page.context().request.post('/api/auth/two-factor/disable', {
      data: { password: DEMO_PASSWORD },
      headers,
    });
    expect(off.ok(), await off.text()).toBe(true);
  }
});
