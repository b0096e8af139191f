/**
 * The medical letter in the national model (issue 16), as a doctor meets it: a consultation with
 * a reason, the letter form (ICD-10 picker searched without diacritics, the mandatory choices,
 * a refusal in Romanian first), generate, sign, send to the family doctor; the e-mail with the
 * signed PDF lands in DATA_DIR/mail; the signed PDF verifies with pdfsig and its first page is
 * rendered with pdftoppm (saved beside the test results to be looked at); the document shows
 * "Trimis"; a later change to the consultation is an addendum.
 * The e2e server signs with a throw-away certificate (scripts/e2e-server.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clinicToday, formatDay } from '../domain/dates';
import { expect, sentMails, signIn, test } from './fixtures';

/** A demo patient whose family doctor has an e-mail address. */
async function patientWithGpEmail(page: import('@playwright/test').Page) {
  const res = await page.request.get('/api/patients?perPage=50');
  const { patients } = (await res.json()) as { patients: { id: number; patient: string }[] };
  for (const p of patients) {
    const d = await (await page.request.get(`/api/patients/${p.id}`)).json();
    if (d.patient.gp_email)
      return { id: p.id, name: p.patient as string, gpEmail: d.patient.gp_email as string };
  }
  throw new Error('no demo patient has a family doctor with an e-mail address');
}

test('a doctor fills, generates, signs and sends the letter; later changes are addenda', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'doctor');
  const p = await patientWithGpEmail(page);
  const stamp = Date.now().toString(36);
  const today = formatDay(clinicToday(new Date()));
  const title = `Consultatie scrisoare ${stamp}`;

  // The consultation: a title and a reason.
  await page.goto(`/app/patients/${p.id}`);
  await page.getByLabel('Titlul consultației').fill(title);
  await page.getByRole('textbox', { name: 'Motivul consultației' }).click();
  await page.keyboard.type('Palpitații și dispnee de efort');
  await page.getByRole('button', { name: 'Salvează: Motivul consultației' }).click();
  await expect(page.getByText(/Motivul consultației: consultația a fost salvată/)).toBeVisible();

  await page.getByRole('tab', { name: 'Consultații' }).click();
  const group = page.locator('[data-guid]', { hasText: title });
  await group.getByRole('button', { name: 'Scrisoare medicală' }).click();
  const dialog = page.getByRole('dialog', { name: `Scrisoare medicală · ${title}` });
  await expect(dialog.getByText('Negenerată')).toBeVisible();

  // Without a diagnosis and the follow-up, the form says what is missing, in Romanian.
  await dialog.getByRole('button', { name: 'Generează scrisoarea' }).click();
  await expect(
    dialog.getByText(
      'Adăugați cel puțin un diagnostic codificat ICD-10 (primul este diagnosticul principal).',
    ),
  ).toBeVisible();

  // The ICD-10 picker finds I10 from words typed without diacritics.
  const picker = dialog.getByRole('combobox', { name: 'Adaugă un diagnostic (ICD-10)' });
  await picker.fill('hipertensiune esentiala');
  await page.getByRole('option', { name: /^I10 — / }).click();
  await expect(dialog.getByTestId('letter-diagnoses')).toContainText('I10');
  await expect(dialog.getByTestId('letter-diagnoses')).toContainText('(diagnostic principal)');

  await dialog.getByRole('textbox', { name: 'Examen clinic' }).click();
  await page.keyboard.type('TA 150/90 mmHg, AV 96/min, zgomote cardiace ritmice.');
  await dialog.getByRole('radio', { name: 'Da', exact: true }).check();
  await dialog.getByRole('textbox', { name: 'Când revine' }).fill('peste 3 luni');
  // The remote consultation's defaults: nothing issued.
  await expect(
    dialog.getByRole('radio', { name: 'Nu s-a eliberat prescripție medicală', exact: true }),
  ).toBeChecked();

  await dialog.getByRole('button', { name: 'Generează scrisoarea' }).click();
  await expect(dialog.getByTestId('letter-number')).toHaveText(/^Nr\. registru \d+\/\d{4}$/);
  const number = (await dialog.getByTestId('letter-number').textContent())!.replace('Nr. registru ', '');
  await expect(dialog.getByTestId('letter-signed')).toHaveText('Nesemnată');
  // Unsigned, it cannot be e-mailed.
  await expect(dialog.getByRole('button', { name: 'Trimite medicului de familie' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Semnează electronic' }).click();
  await expect(dialog.getByTestId('letter-signed')).toContainText('Semnată electronic');
  await dialog.getByRole('button', { name: 'Trimite medicului de familie' }).click();
  // Queued first; the state follows the outbox until the e-mail is delivered.
  await expect(dialog.getByTestId('letter-sent')).toContainText(
    /Pusă în coada de trimitere|Trimisă medicului de familie/,
  );

  // The e-mail with the signed PDF, in DATA_DIR/mail.
  await expect
    .poll(() => sentMails().find((m) => m.includes(`nr. ${number} a pacientului`)), { timeout: 30_000 })
    .toBeTruthy();
  // Delivered: the window, which looks again while the e-mail is queued, says so.
  await expect(dialog.getByTestId('letter-sent')).toContainText('Trimisă medicului de familie', {
    timeout: 15_000,
  });
  await page.screenshot({ path: testInfo.outputPath('formularul-scrisorii.png') }); // to look at

  // Sent once: a second e-mail to the family doctor only after saying so (issue 54).
  const letterMails = () => sentMails().filter((m) => m.includes(`nr. ${number} a pacientului`)).length;
  await dialog.getByRole('button', { name: 'Trimite din nou medicului de familie' }).click();
  const ask = page.getByRole('dialog', { name: 'Trimiteți din nou scrisoarea?' });
  await expect(ask).toContainText('Medicul o va primi încă o dată');
  await ask.getByRole('button', { name: 'Renunță' }).click();
  await expect(ask).toBeHidden();
  await dialog.getByRole('button', { name: 'Trimite din nou medicului de familie' }).click();
  await page
    .getByRole('dialog', { name: 'Trimiteți din nou scrisoarea?' })
    .getByRole('button', { name: 'Trimite din nou' })
    .click();
  await expect.poll(letterMails, { timeout: 30_000 }).toBe(2);
  const mail = sentMails().find((m) => m.includes(`nr. ${number} a pacientului`))!;
  expect(mail).toContain(p.gpEmail);
  expect(mail).toContain(`scrisoare-medicala-${number.replace('/', '-')}.pdf`);

  // The signed PDF: pdfsig verifies it; page 1 rendered to PNG; the model's headings are there.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descarcă PDF' }).click();
  const file = await download;
  const pdf = readFileSync((await file.path())!);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'letter-e2e-'));
  const pdfFile = path.join(dir, 'scrisoare.pdf');
  writeFileSync(pdfFile, pdf);
  const sig = spawnSync('pdfsig', [pdfFile], { encoding: 'utf8' });
  expect(sig.stdout).toContain('Signature is Valid');
  expect(sig.stdout).toContain('Total document signed');
  const png = testInfo.outputPath('scrisoare-pagina-1');
  const render = spawnSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile,
    png,
  ]);
  expect(render.status).toBe(0);
  expect(statSync(`${png}.png`).size).toBeGreaterThan(20_000);
  await testInfo.attach('scrisoare-pagina-1', { path: `${png}.png`, contentType: 'image/png' });
  const text = spawnSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }).stdout;
  for (const heading of [
    'SCRISOARE MEDICALĂ',
    'Stimate(ă) coleg(ă),',
    'Nr. registru consultații',
    number,
    '1. Motivele prezentării',
    '2. Diagnostic',
    'I10',
    '4. Examen clinic',
    '9. Tratament recomandat',
    '10. Indicație de revenire pentru control',
    '11. Se completează obligatoriu una din cele trei informații',
    '12. Calea de transmitere',
    'Semnătura și parafa medicului',
    'Sigiliu electronic al institutului',
    p.name,
    today,
  ])
    expect(text).toContain(heading);

  await dialog.getByRole('button', { name: 'Închide' }).click();
  await expect(dialog).toBeHidden();

  // The signed letter is a patient document, sent.
  await page.getByRole('tab', { name: 'Documente' }).click();
  await expect(
    page.getByRole('button', { name: `Status Scrisoare medicală nr. ${number}: Trimis` }),
  ).toBeVisible();

  // The consultation is locked: editing it makes an addendum (version 2), the original stays.
  await page.getByRole('tab', { name: 'Consultații' }).click();
  await expect(group.getByText('Semnată · completări ca versiuni noi')).toBeVisible();
  await group.getByRole('button', { name: 'Editează: Motivul consultației' }).click();
  await group.getByRole('textbox', { name: 'Motivul consultației' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' de două săptămâni');
  await group.getByRole('button', { name: 'Salvează', exact: true }).click();
  await expect(group.getByText('Versiunea 2 · completare')).toBeVisible();
  await expect(group.getByText('Înlocuită de o completare')).toBeVisible();
  await expect(group.getByText('Palpitații și dispnee de efort de două săptămâni')).toBeVisible();
});
