/**
 * The appointment area as staff meet it (issue 6): the whole life of a request made on the
 * public form (confirm without papers, confirm with papers, a custom status with a slot, a
 * doctor, the list and the side panels, delete with a confirmation) and the progressive
 * add-appointment modal.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDay } from '../domain/dates';
import { maskCnp } from '../domain/privacy';
import { makeCnp } from '../domain/validation/cnp';
import { type AppointmentOptions, appointmentOptions, freeSlot, pickDay } from './booking';
import {
  choose,
  expect,
  expectNoA11yViolations,
  openPublicDay,
  sentMails,
  signedInRequest,
  signIn,
  test,
  withProofOfWork,
} from './fixtures';

const CLINIC = 'Ambulatoriu Cardiologie';
const SLOT_STATUS = 'Consult cardiologic';

let staff: APIRequestContext;
let options: AppointmentOptions;
test.beforeAll(async ({ baseURL }) => {
  staff = await signedInRequest(baseURL);
  options = await appointmentOptions(staff);
});
test.afterAll(async () => {
  await staff.dispose();
});

async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  const items = await menu.getByRole('menuitem').allInnerTexts();
  // Mantine closes a menu on Escape pressed inside it; focus moves in just after it opens.
  await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return items.map((t) => t.trim());
}

test('the life of a public request, from confirmation to deletion', async ({ page }) => {
  test.setTimeout(120_000);
  // The request, as a patient sends it on the public form.
  const day = await openPublicDay(staff);
  const stamp = Date.now() % 100000;
  const name = `Irina Zăvoianu ${stamp}`;
  const email = `irina.${stamp}@example.ro`;
  const cnp = makeCnp(2, '1961-04-12', '12', stamp % 1000);
  const created = await staff.post('/api/appointment', {
    data: await withProofOfWork(staff, {
      appt_date: day,
      appt_time: '08:00',
      name,
      cnp,
      email,
      phone: '0744 321 987',
      gp_name: 'Dr. Radu Pop',
      gp_phone: '0264 111 222',
      state_residency: 'RO-CJ',
      insurance_status: 'insured-retired',
      vaccine: 1,
      agreement: true,
    }),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id: number = (await created.json()).appointment.id;

  await signIn(page, 'superadmin');
  await page.goto(`/app/appointments/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const badge = page.locator('h1 + [data-status]');
  await expect(badge).toHaveText('Cerere');

  // Side panel: the patient's identity, contacts and family doctor, and a link to the patient.
  const panel = page.getByRole('complementary', { name: 'Date pacient' });
  await expect(panel).toContainText(cnp);
  await expect(panel).toContainText('Cluj');
  await expect(panel).toContainText('Asigurat - pensionar');
  await expect(panel).toContainText('0744 321 987');
  await expect(panel).toContainText(email);
  await expect(panel).toContainText('Dr. Radu Pop');
  await expect(panel.getByRole('link', { name: 'Fișa pacientului' })).toHaveAttribute(
    'href',
    /\/app\/patients\/\d+$/,
  );
  await expectNoA11yViolations(page, { include: 'main' });

  // Only the actions of the current status are offered, and the statuses that need no slot.
  const noSlot = options.statuses.filter((s) => s.without_appointment).map((s) => s.title);
  expect(await menuItems(page)).toEqual(['Confirmă fără acte', ...noSlot]);
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  await page.getByRole('menuitem', { name: 'Confirmă fără acte' }).click();
  await expect(badge).toHaveText('Confirmat fără acte');

  expect(await menuItems(page)).toEqual(['Confirmă cu acte', ...noSlot]);
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  await page.getByRole('menuitem', { name: 'Confirmă cu acte' }).click();
  await expect(badge).toHaveText('Confirmat cu acte');

  // A custom status with a slot: 'Required' first, then calendar, date and time.
  const items = await menuItems(page);
  expect(items).toEqual(options.statuses.map((s) => s.title));
  const doctor = options.doctors[0];
  const clinic = options.calendars.find((c) => c.title === CLINIC)!;
  const slot = await freeSlot(staff, clinic.id, doctor.id);
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  await page.getByRole('menuitem', { name: SLOT_STATUS }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Setează programarea' }).click();
  await expect(dialog.getByText('Required')).toHaveCount(3);
  await choose(page, dialog, /Calendar/, CLINIC);
  await pickDay(page, dialog, slot.date);
  await choose(page, dialog, /Ora/, new RegExp(`^${slot.time} - `));
  await dialog.getByRole('button', { name: 'Setează programarea' }).click();
  await expect(dialog).toBeHidden();
  await expect(badge).toHaveText(SLOT_STATUS);
  const summary = page.getByRole('tabpanel', { name: 'Sumar' });
  await expect(summary).toContainText(`${formatDay(slot.date)}, ora ${slot.time}`);
  await expect(summary).toContainText(CLINIC);
  // The patient is told by e-mail, with what to bring.
  await expect
    .poll(() => sentMails().find((m) => m.includes(email) && m.includes(formatDay(slot.date))), {
      timeout: 15_000,
    })
    .toContain('actul de identitate');

  // Assign a doctor: required, then chosen.
  await page.getByRole('button', { name: 'Asignează medic' }).click();
  await dialog.getByRole('button', { name: 'Asignează' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await choose(page, dialog, /Medic/, doctor.name);
  await dialog.getByRole('button', { name: 'Asignează' }).click();
  await expect(page.getByText('Programarea a fost asignata cu succes')).toBeVisible();
  await expect(summary).toContainText(doctor.name);

  // In the list, found by a name typed without diacritics; the side panel has the clinic clock.
  await page.getByRole('link', { name: 'Înapoi la programări' }).click();
  await expect(page.getByRole('switch', { name: 'Ascunde programările vechi' })).toBeChecked();
  await page
    .getByRole('main')
    .getByRole('textbox', { name: 'Pacient', exact: true })
    .fill(`irina zavoianu ${stamp}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(doctor.name);
  await expect(row).toContainText(SLOT_STATUS);
  await expect(row).toContainText(`${formatDay(slot.date)} ${slot.time}`);
  await expect(row).toContainText(maskCnp(cnp)); // lists show only the last 4 digits
  await expect(page.getByTestId('live-clock')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  const next = page.getByRole('complementary', { name: 'Următoarele programări' });
  await expect(next.getByRole('link').first()).toHaveAttribute('href', /\/app\/appointments\/\d+$/);
  await expectNoA11yViolations(page, { include: 'main' });

  // Delete, with the confirmation step.
  await row.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Șterge programarea' }).click();
  await expect(dialog).toContainText('Ștergeți programarea?');
  await dialog.getByRole('button', { name: 'Șterge' }).click();
  await expect(page.getByText('Programarea a fost stearsa')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/appointments$/);
  expect((await staff.get(`/api/appointment/${id}`)).status()).toBe(404);
});

test('the add-appointment modal is progressive, resets on close, and creates the appointment', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin');
  await page.goto('/app/appointments');
  await page.getByRole('button', { name: 'Adaugă programare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
  const save = dialog.getByRole('button', { name: 'Salvează' });
  await expect(save).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'Caută pacient' })).toHaveCount(0);

  const doctor = options.doctors[options.doctors.length - 1];
  await choose(page, dialog, /Medic/, doctor.name);
  const search = dialog.getByRole('textbox', { name: 'Caută pacient' });
  await expect(dialog.getByText('Introduceți cel puțin 2 litere')).toBeVisible();
  await search.fill('p');
  await expect(dialog.getByRole('combobox', { name: /^Pacient/ })).toHaveCount(0);
  await search.fill('pop');
  await choose(page, dialog, /^Pacient/, /Pop/i);
  await expect(save).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: /Calendar/ })).toHaveCount(0);

  await choose(page, dialog, /Status/, SLOT_STATUS);
  await expect(save).toBeEnabled();
  // The date appears once a calendar is chosen, the time once a date is.
  await expect(dialog.getByRole('button', { name: /^Data/ })).toHaveCount(0);
  await save.click();
  await expect(dialog.getByText('Required')).toHaveCount(1);

  const clinic = options.calendars.find((c) => c.title === CLINIC)!;
  const slot = await freeSlot(staff, clinic.id, doctor.id);
  await choose(page, dialog, /Calendar/, CLINIC);
  await expect(dialog.getByRole('combobox', { name: /Ora/ })).toHaveCount(0);
  await pickDay(page, dialog, slot.date);
  await choose(page, dialog, /Ora/, new RegExp(`^${slot.time} - `));
  // Changing the calendar resets date and time.
  await choose(page, dialog, /Calendar/, options.calendars.find((c) => c.title !== CLINIC)!.title);
  await expect(dialog.getByRole('button', { name: /^Data/ })).toHaveText(/Alegeți data/);
  await expect(dialog.getByRole('combobox', { name: /Ora/ })).toHaveCount(0);

  // Closing resets everything.
  await dialog.getByRole('button', { name: 'Renunță' }).click();
  await page.getByRole('button', { name: 'Adaugă programare' }).click();
  await expect(dialog.getByRole('combobox', { name: /Medic/ })).toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'Caută pacient' })).toHaveCount(0);

  await choose(page, dialog, /Medic/, doctor.name);
  await dialog.getByRole('textbox', { name: 'Caută pacient' }).fill('pop');
  await choose(page, dialog, /^Pacient/, /Pop/i);
  await choose(page, dialog, /Status/, SLOT_STATUS);
  await choose(page, dialog, /Calendar/, CLINIC);
  await pickDay(page, dialog, slot.date);
  await choose(page, dialog, /Ora/, new RegExp(`^${slot.time} - `));
  await save.click();
  await expect(page.getByText('Programarea a fost creata')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The slot is now taken: the same choice is no longer offered.
  const after = await staff.get(`/api/appointment/calendar/${clinic.id}/availability`, {
    params: { date: slot.date },
  });
  expect((await after.json()).data.appointments).toContainEqual({
    selected_date: slot.date,
    selected_time: slot.time,
  });
});
