/**
 * What staff tripped over on a second walkthrough of the staff screens (issue 22), appointments:
 * statuses, requests and bookings refused for a time just taken. Each test failed before its change.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APPOINTMENT_MESSAGES } from '../domain/appointments';
import { makeCnp } from '../domain/validation/cnp';
import { type AppointmentOptions, appointmentOptions, freeTimes, pickDay } from './booking';
import { choose, expect, openPublicDay, signIn, test, withProofOfWork } from './fixtures';

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

/** A request sent on the public form for the first day that takes one; its id and patient name. */
async function publicRequest(request: APIRequestContext, name: string) {
  const day = await openPublicDay(request);
  const stamp = Date.now() % 100000;
  const created = await request.post('/api/appointment', {
    data: await withProofOfWork(request, {
      appt_date: day,
      appt_time: '08:00',
      name: `${name} ${stamp}`,
      cnp: makeCnp(1, '1958-07-21', '40', stamp % 1000),
      email: `pacient.${stamp}@example.ro`,
      phone: '0744 555 666',
      state_residency: 'RO-B',
      insurance_status: 'insured-retired',
      vaccine: 0,
      agreement: true,
    }),
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { name: `${name} ${stamp}` };
}

/** The request's id, as staff find it (an anonymous caller is not told it). */
async function requestIdOf(request: APIRequestContext, name: string): Promise<number> {
  const found = await request.get('/api/search', { params: { q: name } });
  const patients = (await found.json()).patients as { name: string; appointments: { id: number }[] }[];
  const p = patients.find((x) => x.name === name);
  expect(p?.appointments, `the request of ${name}`).toHaveLength(1);
  return p!.appointments[0].id;
}

test('a request is cancelled before it is confirmed, with a status that needs no slot', async ({ page }) => {
  const req = await publicRequest(page.request, 'Costache Anulescu');
  await signIn(page, 'superadmin');
  await page.goto(`/app/appointments/${await requestIdOf(page.request, req.name)}`);
  const badge = page.locator('h1 + [data-status]');
  await expect(badge).toHaveText('Cerere');
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Confirmă fără acte' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Anulat de pacient' })).toBeVisible();
  // A status with a slot still waits for the confirm path.
  await expect(menu.getByRole('menuitem', { name: 'Consult cardiologic' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('request-menu.png') });
  await menu.getByRole('menuitem', { name: 'Anulat de pacient' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Setează status' }).click();
  await expect(dialog).toBeHidden();
  await expect(badge).toHaveText('Anulat de pacient');
});
/** Another doctor (the first one free at that hour) books another patient at the calendar's time meanwhile. */
async function takeTime(
  request: APIRequestContext,
  options: AppointmentOptions,
  exceptDoctor: string | null,
  slot: { status_id: number; calendar_id: number; date: string; time: string },
) {
  const other = (
    await (
      await request.get('/api/appointment/appointment-patients', {
        params: { filters: JSON.stringify({ name: 'ionescu' }) },
      })
    ).json()
  ).data.patients[0] as { id: number };
  let answer = '';
  for (const doctor of options.doctors.filter((d) => d.id !== exceptDoctor)) {
    const res = await request.post('/api/appointment/new-appointment', {
      data: { doctor_id: doctor.id, patient_id: other.id, ...slot },
    });
    answer = await res.text();
    if (res.ok()) return;
  }
  throw new Error(`no doctor could take the time: ${answer}`);
}

/**
 * After a save refused for `taken`: one toast, the dialog still open, its time cleared and the
 * free times reloaded (`next` offered, `taken` gone).
 */
async function expectTakenTimeCleared(page: Page, dialog: Locator, taken: string, next: string) {
  const toasts = page.locator('.mantine-Notification-root');
  await expect(toasts.filter({ hasText: APPOINTMENT_MESSAGES.slotTaken })).toHaveCount(1);
  await expect(toasts).toHaveCount(1);
  await expect(dialog).toBeVisible();
  const hour = dialog.getByRole('combobox', { name: /Ora/ });
  await expect(hour).toHaveValue('');
  await hour.click();
  await expect(page.getByRole('option', { name: new RegExp(`^${next} - `) })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^${taken} - `) })).toHaveCount(0);
  await page.keyboard.press('Escape');
}

test('a booking refused because the time was just taken: one message, free times reloaded, the rest kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin');
  const options = await appointmentOptions(page.request);
  const doctor = options.doctors[0];
  const clinic = options.calendars.find((c) => c.title === 'Ambulatoriu Cardiologie')!;
  const status = options.statuses.find((s) => !s.without_appointment)!;
  const { date, times } = await freeTimes(page.request, clinic.id, doctor.id, { atLeast: 2 });
  const time = times[0];

  await page.goto('/app/appointments');
  await page.getByRole('button', { name: 'Adaugă programare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
  await choose(page, dialog, /Medic/, doctor.name);
  await dialog.getByRole('textbox', { name: 'Caută pacient' }).fill('pop');
  await choose(page, dialog, /^Pacient/, /Pop/i);
  const patient = await dialog.getByRole('combobox', { name: /^Pacient/ }).inputValue();
  await choose(page, dialog, /Status/, status.title);
  await choose(page, dialog, /Calendar/, clinic.title);
  await pickDay(page, dialog, date);
  await choose(page, dialog, /Ora/, new RegExp(`^${time} - `));

  // Someone else takes that time meanwhile.
  await takeTime(page.request, options, doctor.id, {
    status_id: status.id,
    calendar_id: clinic.id,
    date,
    time,
  });

  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expectTakenTimeCleared(page, dialog, time, times[1]);
  await page.screenshot({ path: test.info().outputPath('refused-booking.png') });
  // The rest of the form is kept.
  await expect(dialog.getByRole('combobox', { name: /Medic/ })).toHaveValue(doctor.name);
  await expect(dialog.getByRole('combobox', { name: /^Pacient/ })).toHaveValue(patient);
  await expect(dialog.getByRole('combobox', { name: /Status/ })).toHaveValue(status.title);
  await expect(dialog.getByRole('combobox', { name: /Calendar/ })).toHaveValue(clinic.title);
});
test('the set-appointment modal also clears a time just taken and keeps the calendar and the day', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin');
  const options = await appointmentOptions(page.request);
  const clinic = options.calendars.find((c) => c.title === 'Ambulatoriu Cardiologie')!;
  const status = options.statuses.find((s) => !s.without_appointment)!;
  const list = await page.request.get('/api/appointment', {
    params: { filters: JSON.stringify({ status: 'scheduled_with_papers' }), hideOlder: 'false', perPage: 10 },
  });
  const appt = (await list.json()).appointments[1] as { id: number; doctor_id: string | null };
  const { date, times } = await freeTimes(page.request, clinic.id, appt.doctor_id ?? options.doctors[0].id, {
    atLeast: 2,
  });
  const time = times[0];

  await page.goto(`/app/appointments/${appt.id}`);
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  await page.getByRole('menuitem', { name: status.title }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog, /Calendar/, clinic.title);
  await pickDay(page, dialog, date);
  await choose(page, dialog, /Ora/, new RegExp(`^${time} - `));

  // Someone else takes that time meanwhile.
  await takeTime(page.request, options, appt.doctor_id, {
    status_id: status.id,
    calendar_id: clinic.id,
    date,
    time,
  });

  await dialog.getByRole('button', { name: 'Setează programarea' }).click();
  await expectTakenTimeCleared(page, dialog, time, times[1]);
  await expect(dialog.getByRole('combobox', { name: /Calendar/ })).toHaveValue(clinic.title);
});
