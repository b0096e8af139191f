/**
 * The patient's self-service link (issue 15), as staff hand it out and as the patient uses it on a
 * 360 px phone: confirm, ask for another date, cancel; staff then see what the patient did.
 */
import { makeCnp } from '../domain/validation/cnp';
import {
  expect,
  expectNoA11yViolations,
  openPublicDay,
  sentMails,
  signedInRequest,
  signIn,
  test,
  withProofOfWork,
} from './fixtures';

test('a patient confirms, asks for another date and cancels from the link; staff see it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await signedInRequest(baseURL, 'admin');
  // A request two days or more ahead: cancelling is still open (24 h notice).
  const day = await openPublicDay(staff, 3);
  const stamp = Date.now() % 100000;
  const name = `Mara Iordache ${stamp}`;
  const created = await staff.post('/api/appointment', {
    data: await withProofOfWork(staff, {
      appt_date: day,
      appt_time: '08:00',
      name,
      cnp: makeCnp(2, '1975-06-02', '40', stamp % 1000),
      email: `mara.${stamp}@example.ro`,
      phone: '0733 111 222',
      state_residency: 'RO-B',
      insurance_status: 'insured-employed',
      vaccine: 0,
      agreement: true,
    }),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id: number = (await created.json()).appointment.id;
  await staff.dispose();

  // Staff open the appointment and copy the patient's link.
  await signIn(page, 'doctor');
  await page.goto(`/app/appointments/${id}`);
  await page.getByRole('button', { name: 'Link pentru pacient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Linkul programării pentru pacient' });
  const field = dialog.getByRole('textbox', { name: 'Link' });
  await expect(field).toHaveValue(/\/p\/[A-Za-z0-9_-]{22}$/);
  const link = new URL(await field.inputValue());
  // The e-mail the request wrote carries the same link (the journey's "request received").
  await expect
    .poll(() => sentMails().filter((m) => m.includes(`mara.${stamp}@example.ro`)).length, { timeout: 20_000 })
    .toBe(1);
  expect(sentMails().find((m) => m.includes(`mara.${stamp}@example.ro`))).toContain(link.pathname);
  await expect(dialog).toHaveCSS('opacity', '1'); // faded in: the colours a person reads
  await expectNoA11yViolations(page);

  // The patient, on a phone, without an account.
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const patient = await phone.newPage();
  // The page's appointment is fetched with the page (its Link header, decision 0067), and that one
  // request is the page's own: the server sees (and audits) one view, not two.
  const reads: string[] = [];
  patient.on('request', (r) => {
    if (r.method() === 'GET' && r.url().includes('/api/self-service/')) reads.push(r.url());
  });
  const opened = await patient.goto(link.pathname);
  expect(opened?.headers().link).toContain(`/api/self-service/${link.pathname.slice(3)}>`);
  await expect(patient.getByRole('heading', { level: 1, name: 'Programarea dumneavoastră' })).toBeVisible();
  await expect(patient.locator('dl')).toBeVisible();
  expect(reads).toHaveLength(1);
  const initiators = await patient.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/self-service/'))
      .map((e) => (e as PerformanceResourceTiming).initiatorType),
  );
  expect(initiators).toEqual(['link']);
  const [y, m, d] = day.split('-').map(Number);
  await expect(patient.getByText(String(d), { exact: false }).first()).toBeVisible();
  await expect(patient.locator('dl')).toContainText(String(y));
  await expect(patient.locator('dl')).toContainText(
    [
      'ianuarie',
      'februarie',
      'martie',
      'aprilie',
      'mai',
      'iunie',
      'iulie',
      'august',
      'septembrie',
      'octombrie',
      'noiembrie',
      'decembrie',
    ][m - 1],
  );
  await expect(patient.getByText(name)).toHaveCount(0);
  await expectNoA11yViolations(patient);

  // The public calendar is "Consultații la distanță" (issue 54, item 14): a call, not a visit.
  await expect(patient.locator('dl')).toContainText('la distanță, la telefon');
  await expect(patient.getByRole('link', { name: '021 000 0000' })).toHaveAttribute('href', 'tel:0210000000');
  await expect(patient.getByRole('button', { name: 'Confirm că vin' })).toHaveCount(0);
  await patient.getByRole('button', { name: 'Confirm că sunt disponibil la telefon' }).click();
  await expect(
    patient.getByText('Vă mulțumim! Ați confirmat că sunteți disponibil la telefon.'),
  ).toBeVisible();
  await expect(
    patient.getByText('Ați confirmat că sunteți disponibil la telefon.', { exact: true }),
  ).toBeVisible();

  await patient.getByRole('button', { name: 'Cer altă dată' }).click();
  await patient.getByRole('button', { name: 'Trimite cererea' }).click();
  await expect(patient.getByText('Scrieți pe scurt ce dată sau ce interval v-ar conveni.')).toBeVisible();
  await patient
    .getByRole('textbox', { name: 'Ce dată sau ce interval v-ar conveni?' })
    .fill('Joi, după ora 12.');
  await patient.getByRole('button', { name: 'Trimite cererea' }).click();
  await expect(
    patient.getByText('Cererea a fost trimisă. Vă vom contacta pentru o nouă dată.'),
  ).toBeVisible();

  await patient.getByRole('button', { name: 'Anulez programarea' }).click();
  await expect(patient.getByText('Sigur anulați? Locul va fi dat altui pacient.')).toBeVisible();
  await expectNoA11yViolations(patient);
  await patient.getByRole('button', { name: 'Da, anulez' }).click();
  await expect(
    patient.getByText('Programarea a fost anulată. Locul a fost eliberat pentru alți pacienți.'),
  ).toBeVisible();
  await expect(patient.getByText('Anulat de pacient')).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Confirm că sunt disponibil la telefon' })).toHaveCount(0);
  await phone.close();

  // Staff see what the patient did, and when.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('h1 + [data-status]')).toHaveText('Anulat de pacient');
  const note = page.getByRole('alert').filter({ hasText: 'De la pacient' });
  await expect(note).toContainText('Anulată de pacient pe pagina programării');
  await expect(note).toContainText('Pacientul a confirmat prezența');
  await expect(note).toContainText('„Joi, după ora 12.”');
  await expect(page.getByText('Cere altă dată').first()).toBeVisible();
});

test('a link that opens nothing says so in Romanian, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/p/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Link nevalabil' })).toBeVisible();
  await expect(page.getByText('Linkul nu este valabil')).toBeVisible();
  // With the number to call, not just "sunați la institut" (issue 54, item 21).
  await expect(page.getByText('Pentru ajutor, sunați la institut la 021 000 0000.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pagina principală', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});
