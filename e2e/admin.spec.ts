/**
 * Administration as a superadmin meets it (issue 8): inviting a doctor who then sets a password
 * through the e-mailed link and signs in; a new availability entry offered as a slot in the
 * set-appointment modal; the audit log showing a doctor reading a patient record.
 */
import type { APIRequestContext } from '@playwright/test';
import { addDays, weekdayOf } from '../domain/dates';
import { dayLabel, showMonthOf, today } from './dates';
import {
  ACCOUNTS,
  choose,
  expect,
  expectNoA11yViolations,
  fillLogin,
  sentMails,
  signedInRequest,
  signIn,
  test,
} from './fixtures';

const LAB = 'Explorări funcționale';
const SLOT_STATUS = 'Consult cardiologic';
const SATURDAY = 6;

let boss: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  boss = await signedInRequest(baseURL);
});
test.afterAll(async () => {
  await boss.dispose();
});

test('a superadmin invites a doctor, who sets a password from the e-mail and signs in', async ({ page }) => {
  const stamp = Date.now() % 1000000;
  const email = `dr.nou.${stamp}@institut.example`;
  await signIn(page, 'superadmin');
  await page.goto('/app/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jurnal de audit' })).toBeVisible();
  await expect(page.getByText('dr.ionescu@institut.example', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, { include: 'main' });

  await page.getByRole('button', { name: 'Invită o persoană' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invită o persoană' });
  await dialog.getByRole('button', { name: 'Trimite invitația' }).click();
  await expect(dialog.getByText('Introduceți adresa de e-mail.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Prenume' }).fill('Teodora');
  await dialog.getByRole('textbox', { name: 'Nume', exact: true }).fill(`Nistor ${stamp}`);
  await expect(dialog.getByRole('checkbox', { name: /^Medic/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Trimite invitația' }).click();
  await expect(page.getByText(`Invitația pentru ${email} a fost pusă în coada de trimitere.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Invitat');
  await expect(row).toContainText('niciodată');

  // The e-mail, as the outbox worker wrote it.
  let link = '';
  await expect
    .poll(
      () => {
        const mail = sentMails().find((m) => m.includes(email) && m.includes('/user/reset-password?token='));
        link = mail?.match(/https?:\/\/[^\s"<>]+\/user\/reset-password\?token=[\w-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');

  // The invited person, in a browser without the superadmin's session.
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('textbox', { name: 'Parola nouă', exact: true }).fill('Ritm-Sinusal-Regulat-72');
  await page
    .getByRole('textbox', { name: 'Confirmați parola nouă', exact: true })
    .fill('Ritm-Sinusal-Regulat-72');
  await page.getByRole('button', { name: 'Schimbă parola' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await fillLogin(page, email, 'Ritm-Sinusal-Regulat-72');
  await expect(page).toHaveURL(/\/app\/dashboard/);
  await expect(page.getByText('Teodora', { exact: false }).first()).toBeVisible();
  // Not a superadmin: no administration menu.
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.locator('a[href^="/app/admin"]')).toHaveCount(0);

  // The link works only once.
  await page.context().clearCookies();
  const again = await page.request.post('/api/auth/reset-password', {
    data: { token: new URL(link).searchParams.get('token'), newPassword: 'Alta-Parola-Lunga-2026' },
  });
  expect(again.status()).toBe(400);
});

test('a new availability entry is offered in set-appointment', async ({ page }) => {
  test.setTimeout(90_000);
  const cals = (await (await boss.get('/api/admin/calendars')).json()).data as {
    id: number;
    title: string;
    availability: { id: number; weekday: number; from: string }[];
  }[];
  const lab = cals.find((c) => c.title === LAB)!;
  // A rerun starts from the demo state: no Saturday hours in this calendar.
  for (const e of lab.availability.filter((a) => a.weekday === SATURDAY))
    await boss.delete(`/api/admin/calendars/${lab.id}/availability/${e.id}`);

  await signIn(page, 'superadmin');
  await page.goto('/app/admin/calendars');
  await page.getByRole('tab', { name: LAB }).click();
  const panel = page.getByRole('tabpanel', { name: LAB });
  const saturdayRow = panel.getByRole('row', { name: /^Sâmbătă/ });
  await expect(saturdayRow).toContainText('Închis');
  await choose(page, panel, /^Ziua/, 'Sâmbătă');
  await panel.getByLabel('De la, ora').fill('07');
  await panel.getByLabel('De la, minutul').fill('00');
  await panel.getByLabel('Până la, ora').fill('07');
  await panel.getByLabel('Până la, minutul').fill('30');
  await panel.getByRole('button', { name: 'Adaugă interval' }).click();
  await expect(page.getByText('Intervalul a fost adăugat.')).toBeVisible();
  await expect(saturdayRow).toContainText('07:00-07:30');
  // The same hours again overlap: refused with the reason.
  await panel.getByRole('button', { name: 'Adaugă interval' }).click();
  await expect(page.getByText('Intervalul se suprapune cu un alt interval din aceeași zi.')).toBeVisible();
  await expectNoA11yViolations(page, { include: 'main' });

  // An appointment confirmed with papers, whose doctor is free on the chosen Saturday.
  const list = await boss.get('/api/appointment', {
    params: { filters: JSON.stringify({ status: 'scheduled_with_papers' }), hideOlder: 'false', perPage: 10 },
  });
  const appt = (await list.json()).appointments[0] as { id: number; doctor_id: string | null };
  let saturday = addDays(today(), 2);
  for (let i = 0; i < 120; i++, saturday = addDays(saturday, 1)) {
    if (weekdayOf(saturday) !== SATURDAY) continue;
    const res = await boss.get(`/api/appointment/calendar/${lab.id}/availability`, {
      params: { date: saturday, ...(appt.doctor_id ? { doctor_id: appt.doctor_id } : {}) },
    });
    if (!(await res.json()).data.unavailableDays.includes(saturday)) break;
  }

  await page.goto(`/app/appointments/${appt.id}`);
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  await page.getByRole('menuitem', { name: SLOT_STATUS }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog, /Calendar/, LAB);
  await dialog.getByRole('button', { name: /^Data/ }).click();
  await (await showMonthOf(page, saturday)).click();
  await dialog.getByRole('combobox', { name: /Ora/ }).click();
  await expect(page.getByRole('option', { name: '07:00 - 07:30' })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the audit log shows a doctor reading a patient record', async ({ page }) => {
  const patients = await boss.get('/api/patients', { params: { perPage: 10 } });
  const patient = (await patients.json()).patients[3] as { id: number; patient: string };

  await signIn(page, 'doctor');
  await page.goto(`/app/patients/${patient.id}`);
  await expect(page.getByRole('heading', { name: patient.patient }).first()).toBeVisible();
  // The doctor has no administration.
  await page.goto('/app/admin/audit');
  await expect(
    page.getByText('Doar un superadministrator poate folosi secțiunea de administrare.'),
  ).toBeVisible();

  await signIn(page, 'superadmin');
  await page.goto('/app/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Jurnal de audit' })).toBeVisible();
  await page.getByRole('textbox', { name: 'ID pacient' }).fill(String(patient.id));
  await choose(page, page.getByRole('main'), /^Acțiune/, /patient\.read/);
  const row = page.getByRole('row', { name: /Andrei Ionescu/ }).first();
  await expect(row).toContainText('Citire fișă pacient');
  await expect(row).toContainText(patient.patient);
  await expectNoA11yViolations(page, { include: 'main' });

  // The CSV export carries the same events.
  const csv = await page.request.get(
    `/api/admin/audit/export.csv?filters=${encodeURIComponent(JSON.stringify({ patientId: patient.id, action: 'patient.read' }))}`,
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`,${ACCOUNTS.doctor},patient.read,`);
});

test('custom statuses: one in use can be hidden, not deleted', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/app/admin/statuses');
  const row = page.getByRole('row', { name: /Holter EKG/ });
  await expect(row.getByRole('button', { name: 'Șterge Holter EKG' })).toBeDisabled();
  await row.getByRole('button', { name: 'Ascunde Holter EKG' }).click();
  await expect(row).toContainText('ascuns');
  await expectNoA11yViolations(page, { include: 'main' });
  await row.getByRole('button', { name: 'Afișează Holter EKG' }).click();
  await expect(row).not.toContainText('ascuns');
});

test('unavailable days: the form says what is missing; a day chosen twice is a single day', async ({
  page,
}) => {
  const day = today();
  const shown = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
  const cals = (await (await boss.get('/api/admin/calendars')).json()).data as {
    id: number;
    title: string;
    unavailableDays: { id: number; from: string; to: string }[];
  }[];
  const lab = cals.find((c) => c.title === LAB)!;
  // A rerun starts from the demo state: nothing unavailable today in this calendar.
  for (const d of lab.unavailableDays.filter((u) => u.from <= day && day <= u.to))
    await boss.delete(`/api/admin/calendars/${lab.id}/unavailable-days/${d.id}`);

  await signIn(page, 'superadmin');
  await page.goto('/app/admin/calendars');
  await page.getByRole('tab', { name: LAB }).click();
  const panel = page.getByRole('tabpanel', { name: LAB });
  const add = panel.getByRole('button', { name: /^Adaug[aă] zile indisponibile$/ });
  await add.click();
  // Under the field, from the form's own check: nothing was sent.
  await expect(panel.getByText(/^Alege[tț]i ziua sau intervalul\.$/)).toBeVisible();

  await panel.getByRole('button', { name: /^Zi sau interval/ }).click();
  // The range picker takes a single day as the same first and last day.
  await page.getByRole('button', { name: dayLabel(day), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(day), exact: true }).click();
  await expect(panel.getByText(/^Alege[tț]i ziua sau intervalul\.$/)).toBeHidden();
  await panel.getByRole('textbox', { name: 'Motiv' }).fill('Revizie aparatura');
  await add.click();
  const row = panel.getByRole('row', { name: new RegExp(`^${shown.replace(/\./g, '\\.')}`) });
  await expect(row).toContainText('Revizie aparatura');
  // The form starts empty again.
  await expect(panel.getByRole('textbox', { name: 'Motiv' })).toHaveValue('');

  const after = (await (await boss.get('/api/admin/calendars')).json()).data as typeof cals;
  const added = after.find((c) => c.id === lab.id)!.unavailableDays.filter((u) => u.from === day);
  expect(added.map((u) => u.to)).toEqual([day]);
  for (const d of added) await boss.delete(`/api/admin/calendars/${lab.id}/unavailable-days/${d.id}`);
});
