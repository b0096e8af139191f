/**
 * Patient privacy in the browser (issue 11): a superadmin exports a demo patient's data (the ZIP
 * opens and holds the record), anonymises another with the typed confirmation, and finds the
 * retention list and consent versions under administration; a doctor sees neither action.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { ANONYMISE_PHRASE } from '../domain/privacy';
import { makeCnp } from '../domain/validation/cnp';
import { expect, expectNoA11yViolations, openPublicDay, signIn, test, withProofOfWork } from './fixtures';

type ListPatient = { id: number; patient: string; cnp: string };

async function demoPatients(page: Page, pageNo: number): Promise<ListPatient[]> {
  const res = await page.request.get('/api/patients', { params: { page: String(pageNo), perPage: '10' } });
  expect(res.ok()).toBe(true);
  return (await res.json()).patients;
}

test('a superadmin exports a patient: a ZIP with patient.json, the summary PDF and the documents', async ({
  page,
}) => {
  await signIn(page, 'superadmin');
  const [patient] = await demoPatients(page, 1);
  await page.goto(`/app/patients/${patient.id}`);
  const panel = page.getByRole('region', { name: 'Protecția datelor' });
  await expect(panel.getByText('Acorduri GDPR')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Exporta datele' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^pacient-${patient.id}-date-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['patient.json', 'rezumat.pdf']));
  const json = JSON.parse(Buffer.from(files['patient.json']).toString('utf8'));
  expect(json.patient).toMatchObject({ id: patient.id, name: patient.patient });
  // The list showed the CNP masked; the export (like the detail) has it whole.
  expect(patient.cnp).toMatch(/^\*{9}\d{4}$/);
  expect(json.patient.cnp.slice(-4)).toBe(patient.cnp.slice(-4));
  expect(json.audit_events.map((e: { action: string }) => e.action)).toContain('privacy.export');
  for (const d of json.documents) expect(Object.keys(files)).toContain(d.file);
  expect(Buffer.from(files['rezumat.pdf']).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoA11yViolations(page, { include: '[aria-label="Protecția datelor"]' });
});

test('a superadmin anonymises another patient after typing the confirmation', async ({ page }) => {
  await signIn(page, 'superadmin');
  // A patient further down the list than the other browser tests look.
  const patient = (await demoPatients(page, 7))[3];
  await page.goto(`/app/patients/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: patient.patient })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Protecția datelor' });
  await panel.getByRole('button', { name: 'Anonimizează', exact: true }).click();

  const modal = page.getByRole('dialog', { name: 'Anonimizarea pacientului' });
  await expect(modal).toContainText(patient.patient);
  const confirm = modal.getByRole('button', { name: 'Anonimizează definitiv' });
  await expect(confirm).toBeDisabled();
  const input = modal.getByRole('textbox', { name: 'Confirmare' });
  await input.fill(ANONYMISE_PHRASE.toLowerCase());
  await expect(confirm).toBeDisabled();
  await input.fill(ANONYMISE_PHRASE);
  await expect(confirm).toBeEnabled();
  await expectNoA11yViolations(page, { include: '[role="dialog"]' });
  await confirm.click();

  await expect(page.getByText('Datele de identificare ale pacientului au fost anonimizate.')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(
    page.getByRole('heading', { level: 1, name: `Pacient anonimizat #${patient.id}` }),
  ).toBeVisible();
  await expect(panel.getByText('Pacient anonimizat', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Anonimizează', exact: true })).toHaveCount(0);
  await expect(page.getByText(`ANON-${patient.id}`)).toBeVisible();

  // The old name no longer finds anyone.
  const res = await page.request.get('/api/patients', {
    params: { filters: JSON.stringify({ name: patient.patient }) },
  });
  expect((await res.json())._meta.total).toBe(0);
});

test('the administration lists records due for retention review and the consent versions', async ({
  page,
}) => {
  await signIn(page, 'superadmin');
  await page.goto('/app/admin/privacy');
  await expect(page.getByRole('link', { name: 'Protecția datelor' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Protecția datelor' })).toBeVisible();
  await expect(page.getByText(/de cel puțin 10 ani/)).toBeVisible();
  const versions = page.getByRole('region', { name: 'Textul acordului GDPR (versiuni)' });
  await expect(versions.getByText('gdpr-2026-11')).toBeVisible();
  await expect(versions.getByText('Curentă')).toBeVisible();
  await expectNoA11yViolations(page, { include: 'main' });
});

test('a doctor sees the consents but neither export nor anonymise', async ({ page }) => {
  await signIn(page, 'doctor');
  const [patient] = await demoPatients(page, 2);
  await page.goto(`/app/patients/${patient.id}`);
  const panel = page.getByRole('region', { name: 'Protecția datelor' });
  await expect(panel.getByText('Acorduri GDPR')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Exporta datele' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Anonimizează', exact: true })).toHaveCount(0);
});

test('the patient detail shows the consent version and date, and records a withdrawal', async ({ page }) => {
  // A public request records a consent; its patient is new.
  const day = await openPublicDay(page.request);
  const cnp = makeCnp(1, '1969-08-17', '12', Date.now() % 1000);
  const res = await page.request.post('/api/appointment', {
    data: await withProofOfWork(page.request, {
      appt_date: day,
      appt_time: '08:00',
      name: 'Horia Consimțământ',
      cnp,
      phone: '0744 555 666',
      state_residency: 'RO-CJ',
      insurance_status: 'uninsured',
      vaccine: 0,
      agreement: true,
    }),
  });
  expect(res.status(), await res.text()).toBe(201);
  // The public answer names no record (issue 20): staff find the request by the patient's CNP.
  expect((await res.json()).appointment.id).toBe(0);

  await signIn(page, 'doctor');
  const list = await page.request.get('/api/appointment', {
    params: { filters: JSON.stringify({ cnp }), hideOlder: 'false' },
  });
  const appointment = (await list.json()).appointments[0] as { id: number };
  const detail = await (await page.request.get(`/api/appointment/${appointment.id}`)).json();
  await page.goto(`/app/patients/${detail.appointment.patient_id}`);
  const panel = page.getByRole('region', { name: 'Protecția datelor' });
  await expect(panel.getByText(/^Versiunea gdpr-/)).toBeVisible();
  await expect(panel.getByText(/^Acordat la \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(panel.getByText('Activ', { exact: true })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await expectNoA11yViolations(page, { include: '[aria-label="Protecția datelor"]' });
  await panel.getByRole('button', { name: 'Retrage acordul' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retragerea acordului' });
  await dialog.getByRole('button', { name: 'Retrage acordul' }).click();
  await expect(page.getByText('Retragerea acordului a fost înregistrată.')).toBeVisible();
  await expect(panel.getByText('Retras', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^Retras la \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Retrage acordul' })).toHaveCount(0);
});
