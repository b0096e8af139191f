/**
 * What staff tripped over on a second walkthrough of the staff screens (issue 22): each test
 * failed before its change.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APPOINTMENT_MESSAGES } from '../domain/appointments';
import { addDays } from '../domain/dates';
import { availableTimes } from '../domain/slots';
import { makeCnp } from '../domain/validation/cnp';
import { dayLabel, today } from './dates';
import { expect, forgetSession, signIn, test, withProofOfWork } from './fixtures';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
] as const;

/** The pager's page buttons are on top of everything at their centre (not under the footer). */
async function expectPagerClickable(page: Page, shot: string) {
  const button = page.getByRole('button', { name: '2', exact: true });
  await button.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  await expect
    .poll(() =>
      page.evaluate(
        () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
      ),
    )
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath(`${shot}.png`) });
  const footer = page.locator('footer, .mantine-AppShell-footer').first();
  const fb = (await footer.boundingBox())!;
  const bb = (await button.boundingBox())!;
  expect(bb.y + bb.height, 'the pager ends above the footer').toBeLessThanOrEqual(fb.y);
  await button.click();
  await expect(page.getByText(/^21-40 din \d+$/)).toBeVisible();
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every list keeps its pager above the footer', async ({ page }) => {
      await signIn(page, 'superadmin');
      for (const [path, name] of [
        ['/app/appointments', 'appointments'],
        ['/app/patients', 'patients'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByText(/^1-20 din \d+$/)).toBeVisible();
        await expectPagerClickable(page, `pager-${name}-${viewport.width}`);
      }
    });
  });
}

test('searchable selects match without case and diacritics', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/app/patients');
  await page.getByRole('button', { name: 'Adaugă pacient' }).click();
  const drawer = page.getByRole('dialog', { name: 'Adaugă pacient' });
  const county = drawer.getByRole('combobox', { name: /Jude/ });
  // Typed without diacritics, in capitals, and with the old cedilla letters (ş, ţ).
  for (const [typed, found] of [
    ['brasov', 'Brașov'],
    ['CONSTANTA', 'Constanța'],
    ['Timiş', 'Timiș'],
    ['bistrita', 'Bistrița-Năsăud'],
  ] as const) {
    await county.fill(typed);
    await expect(page.getByRole('option', { name: found, exact: true })).toBeVisible();
    if (typed === 'brasov') await page.screenshot({ path: test.info().outputPath('county-brasov.png') });
  }
  await page.getByRole('option', { name: 'Bistrița-Năsăud', exact: true }).click();
  await expect(county).toHaveValue('Bistrița-Năsăud');

  // A doctor's name typed without diacritics, in the calendar's doctor filter.
  await page.goto('/app/calendars');
  const doctor = page.getByRole('combobox', { name: 'Medic' }).first();
  await doctor.fill('stefan georg');
  await expect(page.getByRole('option', { name: 'Ștefan Georgescu', exact: true })).toBeVisible();
});

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
  let day = addDays(today(), 1);
  for (let i = 0; i < 60; i++, day = addDays(day, 1)) {
    const check = await request.get('/api/appointment/check-register-date', {
      params: { filters: JSON.stringify({ selected_date: day }) },
    });
    if ((await check.json()).status === 1) break;
  }
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

test.describe('the add-patient drawer', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('starts empty after Renunta or Esc, and its toasts cover none of its controls', async ({ page }) => {
    await signIn(page, 'superadmin');
    const res = await page.request.get('/api/patients', { params: { page: 1, perPage: 10 } });
    const existing = (await res.json()).patients[0] as { id: number };
    const cnp = (
      (await (await page.request.get(`/api/patients/${existing.id}`)).json()).patient as { cnp: string }
    ).cnp;
    await page.goto('/app/patients');
    const open = page.getByRole('button', { name: 'Adaugă pacient' });
    const drawer = page.getByRole('dialog', { name: 'Adaugă pacient' });
    const name = drawer.locator('[data-path="name"]');

    await open.click();
    await name.fill('Abandonat Renunta');
    await drawer.locator('[data-path="cnp"]').fill('1234');
    await drawer.locator('[data-path="cnp"]').blur(); // its message shows (and moves the buttons) first
    await expect(drawer.getByText('Va rugam introduceti CNP valid.')).toBeVisible();
    await drawer.getByRole('button', { name: 'Renunță' }).click();
    await expect(drawer).toBeHidden();
    await open.click();
    await expect(name).toHaveValue('');
    await expect(drawer.locator('[data-path="cnp"]')).toHaveValue('');

    await name.fill('Abandonat Esc');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await open.click();
    await expect(name).toHaveValue('');

    // A refused save (the CNP is taken) shows a toast: it covers no control of the drawer.
    await name.fill('Dublura Test');
    await drawer.locator('[data-path="cnp"]').fill(cnp);
    await drawer.locator('[data-path="phone"]').fill('0722 000 123');
    const insurance = drawer.getByRole('combobox', { name: 'Statut asigurat' });
    await insurance.click();
    await page.getByRole('option', { name: 'Asigurat - pensionar' }).click();
    const county = drawer.getByRole('combobox', { name: /Jude/ });
    await county.fill('cluj');
    await page.getByRole('option', { name: 'Cluj' }).click();
    await drawer.getByRole('radio', { name: 'Nu' }).check();
    await drawer.getByRole('button', { name: 'Salvează' }).click();
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toBeVisible();
    await expect(drawer).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('drawer-toast.png') });
    const t = (await toast.boundingBox())!;
    const controls = page.locator(
      '[role="dialog"] button, [role="dialog"] input, header button, header input, .mantine-AppShell-navbar a',
    );
    for (const control of await controls.all()) {
      if (!(await control.isVisible())) continue;
      const b = (await control.boundingBox())!;
      const overlaps =
        b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
      expect(overlaps, `the toast covers ${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(
        false,
      );
    }
  });
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

async function choose(page: Page, scope: Locator, label: RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
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

const PICKED = /^\S.* · \*{9}\d{4} · n\. \d{2}\.\d{2}\.\d{4}$/;

for (const viewport of WIDTHS) {
  test(`patient pickers show the masked CNP and the birth date beside each name, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'superadmin');
    await page.goto('/app/docs/documents');
    // The documents' patient filter.
    const filter = page.getByRole('main').getByRole('combobox', { name: 'Pacient' });
    await filter.fill('pop');
    const options = page.getByRole('option');
    await expect(options.first()).toHaveText(PICKED);
    for (const text of await options.allInnerTexts()) expect(text.trim()).toMatch(PICKED);
    await page.screenshot({ path: test.info().outputPath(`picker-filter-${viewport.width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, 'no horizontal overflow').toBe(false);
    await page.keyboard.press('Escape');

    // The upload's patient picker.
    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Pacient/ }).fill('pop');
    await expect(page.getByRole('option').first()).toHaveText(PICKED);
    await page.keyboard.press('Escape');
  });
}

test('the new-appointment patient picker shows the masked CNP and the birth date', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/app/appointments');
  await page.getByRole('button', { name: 'Adaugă programare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă programare' });
  await choose(page, dialog, /Medic/, /./);
  await dialog.getByRole('textbox', { name: 'Caută pacient' }).fill('pop');
  await dialog.getByRole('combobox', { name: /^Pacient/ }).click();
  await expect(page.getByRole('option').first()).toHaveText(PICKED);
});

test('a consultation being typed is kept as a draft in the browser, and leaving the page asks first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin');
  const list = await page.request.get('/api/patients', { params: { page: 1, perPage: 10 } });
  const patient = (await list.json()).patients[3] as { id: number; patient: string };
  const marker = `Durere retrosternală ${Date.now() % 100000}`;
  // No health data leaves the browser before it is saved.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.postData()?.includes(marker)) sent.push(r.url());
  });
  const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')));

  await page.goto(`/app/patients/${patient.id}`);
  const reason = page.getByRole('textbox', { name: 'Motivul consultației' });
  await reason.click();
  await page.keyboard.type(marker);
  await expect(page.locator('[data-draft="reason"]')).toBeVisible();

  // Another tab and back: the text is still there.
  await page.getByRole('tab', { name: 'Documente' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/patients/${patient.id}/documents$`));
  await page.getByRole('tab', { name: 'Detalii' }).click();
  await expect(reason).toContainText(marker);

  // A reload asks first (the browser's own question), and the text is back afterwards.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await expect(reason).toContainText(marker);

  // A link elsewhere in the app asks first; staying keeps everything.
  await page.getByRole('navigation').getByRole('link', { name: 'Programari' }).click();
  const ask = page.getByRole('dialog', { name: 'Părăsiți pagina?' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('leave-confirm.png') });
  await ask.getByRole('button', { name: 'Rămân pe pagină' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/patients/${patient.id}$`));
  await expect(reason).toContainText(marker);
  expect(await drafts()).toEqual([
    expect.stringMatching(new RegExp(`^draft:consultation:[^:]+:${patient.id}:reason$`)),
  ]);

  // "Renunta" discards the draft.
  await page.getByRole('button', { name: 'Renunță: Motivul consultației' }).click();
  await expect(reason).not.toContainText(marker);
  expect(await drafts()).toEqual([]);
  expect(sent).toEqual([]);

  // Saved: no longer a draft, and leaving asks nothing.
  await reason.click();
  await page.keyboard.type(marker);
  await page.getByRole('button', { name: 'Salvează: Motivul consultației' }).click();
  await expect(page.getByText(/Motivul consultației: consultația a fost salvată/)).toBeVisible();
  expect(sent.length).toBe(1);
  await expect.poll(drafts).toEqual([]);
  await page.getByRole('navigation').getByRole('link', { name: 'Programari' }).click();
  await expect(page).toHaveURL(/\/app\/appointments$/);

  // A draft is removed at sign-out.
  await page.goto(`/app/patients/${patient.id}`);
  await page.getByRole('textbox', { name: 'Diagnostic prezumtiv' }).click();
  await page.keyboard.type('Angină pectorală');
  await expect
    .poll(drafts)
    .toEqual([expect.stringMatching(new RegExp(`^draft:consultation:[^:]+:${patient.id}:diagnosis$`))]);
  await page.getByRole('button', { name: /Elena Vasilescu/ }).click();
  await page.getByRole('menuitem', { name: 'Deconectare' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  forgetSession('superadmin');
  expect(await drafts()).toEqual([]);
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
