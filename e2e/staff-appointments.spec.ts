/**
 * What staff tripped over on a second walkthrough of the staff screens (issue 22), appointments:
 * statuses, requests and bookings refused for a time just taken. Each test failed before its change.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APPOINTMENT_MESSAGES } from '../domain/appointments';
import { addDays } from '../domain/dates';
import { availableTimes } from '../domain/slots';
import { makeCnp } from '../domain/validation/cnp';
import { dayLabel, today } from './dates';
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
type Options = {
  doctors: { id: string; name: string }[];
  statuses: { id: number; title: string; without_appointment: boolean }[];
  calendars: { id: number; title: string }[];
};

/** A day from a week ahead with at least two free times in `calendar` for `doctor`. */
async function freeDay(request: APIRequestContext, calendarId: number, doctorId: string) {
  for (let day = addDays(today(), 7), i = 0; i < 60; i++, day = addDays(day, 1)) {
    const res = await request.get(`/api/appointment/calendar/${calendarId}/availability`, {
      params: { date: day, doctor_id: doctorId },
    });
    const data = (await res.json()).data;
    if (data.unavailableDays.includes(day)) continue;
    const taken = data.appointments.map((a: { selected_time: string }) => a.selected_time);
    const times = availableTimes({ date: day, today: today(), availability: data.availability, taken });
    if (times.length > 1) return { date: day, times: times.map((t) => t.value) };
  }
  throw new Error('no free day in the next 60 days');
}

async function pickDay(page: Page, scope: Locator, day: string) {
  await scope.getByRole('button', { name: /^Data/ }).click();
  const button = page.getByRole('button', { name: dayLabel(day), exact: true });
  for (let i = 0; i < 24 && !(await button.isVisible()); i++) {
    await page.getByRole('button', { name: 'Luna următoare' }).click();
  }
  await button.click();
}

/** Another doctor (the first one free at that hour) takes the calendar's time meanwhile. */
async function takeTime(
  request: APIRequestContext,
  options: Options,
  exceptDoctor: string | null,
  slot: { patient_id: number; status_id: number; calendar_id: number; date: string; time: string },
) {
  let answer = '';
  for (const doctor of options.doctors.filter((d) => d.id !== exceptDoctor)) {
    const res = await request.post('/api/appointment/new-appointment', {
      data: { doctor_id: doctor.id, ...slot },
    });
    answer = await res.text();
    if (res.ok()) return;
  }
  throw new Error(`no doctor could take the time: ${answer}`);
}

test('a booking refused because the time was just taken: one message, free times reloaded, the rest kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin');
  const options: Options = (await (await page.request.get('/api/appointment/new-appointment')).json()).data;
  const doctor = options.doctors[0];
  const clinic = options.calendars.find((c) => c.title === 'Ambulatoriu Cardiologie')!;
  const status = options.statuses.find((s) => !s.without_appointment)!;
  const { date, times } = await freeDay(page.request, clinic.id, doctor.id);
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
  const other = (
    await (
      await page.request.get('/api/appointment/appointment-patients', {
        params: { filters: JSON.stringify({ name: 'ionescu' }) },
      })
    ).json()
  ).data.patients[0] as { id: number };
  await takeTime(page.request, options, doctor.id, {
    patient_id: other.id,
    status_id: status.id,
    calendar_id: clinic.id,
    date,
    time,
  });

  await dialog.getByRole('button', { name: 'Salvează' }).click();
  const toasts = page.locator('.mantine-Notification-root');
  await expect(toasts.filter({ hasText: APPOINTMENT_MESSAGES.slotTaken })).toHaveCount(1);
  await expect(toasts).toHaveCount(1);
  await expect(dialog).toBeVisible();
  const hour = dialog.getByRole('combobox', { name: /Ora/ });
  await expect(hour).toHaveValue('');
  await hour.click();
  await expect(page.getByRole('option', { name: new RegExp(`^${times[1]} - `) })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^${time} - `) })).toHaveCount(0);
  await page.keyboard.press('Escape');
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
  const options: Options = (await (await page.request.get('/api/appointment/new-appointment')).json()).data;
  const clinic = options.calendars.find((c) => c.title === 'Ambulatoriu Cardiologie')!;
  const status = options.statuses.find((s) => !s.without_appointment)!;
  const list = await page.request.get('/api/appointment', {
    params: { filters: JSON.stringify({ status: 'scheduled_with_papers' }), hideOlder: 'false', perPage: 10 },
  });
  const appt = (await list.json()).appointments[1] as { id: number; doctor_id: string | null };
  const { date, times } = await freeDay(page.request, clinic.id, appt.doctor_id ?? options.doctors[0].id);
  const time = times[0];

  await page.goto(`/app/appointments/${appt.id}`);
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  await page.getByRole('menuitem', { name: status.title }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog, /Calendar/, clinic.title);
  await pickDay(page, dialog, date);
  await choose(page, dialog, /Ora/, new RegExp(`^${time} - `));

  const other = (
    await (
      await page.request.get('/api/appointment/appointment-patients', {
        params: { filters: JSON.stringify({ name: 'ionescu' }) },
      })
    ).json()
  ).data.patients[0] as { id: number };
  await takeTime(page.request, options, appt.doctor_id, {
    patient_id: other.id,
    status_id: status.id,
    calendar_id: clinic.id,
    date,
    time,
  });

  await dialog.getByRole('button', { name: 'Setează programarea' }).click();
  const toasts = page.locator('.mantine-Notification-root');
  await expect(toasts.filter({ hasText: APPOINTMENT_MESSAGES.slotTaken })).toHaveCount(1);
  await expect(toasts).toHaveCount(1);
  const hour = dialog.getByRole('combobox', { name: /Ora/ });
  await expect(hour).toHaveValue('');
  await hour.click();
  await expect(page.getByRole('option', { name: new RegExp(`^${times[1]} - `) })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^${time} - `) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('combobox', { name: /Calendar/ })).toHaveValue(clinic.title);
});
