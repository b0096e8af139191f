/**
 * The waitlist (issue 15) as a patient on a 360 px phone lives it: staff put the patient on a
 * calendar's waitlist; a booked slot in that calendar is deleted; the e-mail the server writes
 * (DATA_DIR/mail) carries the offer's link; the patient opens it, accepts, and is booked; staff
 * see it in the calendar's waitlist.
 */
import { addDays, weekdayOf } from '../domain/dates';
import { makeCnp } from '../domain/validation/cnp';
import { appointmentOptions, pickDay } from './booking';
import { today } from './dates';
import { choose, expect, expectNoA11yViolations, sentMails, signIn, test } from './fixtures';

const LINK = /\/p\/[A-Za-z0-9_-]{22}/;

type Api = import('@playwright/test').APIRequestContext;

/** A patient entered by staff, with an e-mail and a mobile number unique to this run. */
async function newPatient(api: Api, stamp: number, n: number, name: string, email: string) {
  const res = await api.post('/api/patients', {
    data: {
      name,
      cnp: makeCnp(n % 2 ? 1 : 2, '1961-03-14', '40', (stamp + n) % 900),
      email,
      phone: `0746${String((stamp * 7 + n) % 1_000_000).padStart(6, '0')}`,
      insurance_status: 'insured-retired',
      state_residency: 'RO-B',
      vaccine: '0',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as number;
}

/** The first calendar's first free slot from `fromDays` ahead, booked for `patientId`. */
async function bookedSlot(api: Api, patientId: number, fromDays: number) {
  const options = await appointmentOptions(api);
  const status = options.statuses.find((s) => !s.without_appointment)!;
  const calendar = (
    (await (await api.get('/api/calendars')).json()).data as { id: number; title: string }[]
  )[0];
  const availability = (await (await api.get(`/api/appointment/calendar/${calendar.id}/availability`)).json())
    .data as { availability: { weekday: number; from: string }[]; unavailableDays: string[] };
  const book = (patient: number, date: string, at: string, extra: Record<string, unknown> = {}) =>
    api.post('/api/appointment/new-appointment', {
      data: {
        doctor_id: options.doctors[0].id,
        patient_id: patient,
        status_id: status.id,
        calendar_id: calendar.id,
        date,
        time: at,
        ...extra,
      },
    });
  for (let day = addDays(today(), fromDays), i = 0; i < 60; i++, day = addDays(day, 1)) {
    const entry = availability.availability.find((e) => e.weekday === weekdayOf(day));
    if (!entry || availability.unavailableDays.includes(day)) continue;
    const res = await book(patientId, day, entry.from);
    if (res.status() === 200)
      return { id: (await res.json()).id as number, calendar, day, time: entry.from, book, status };
  }
  throw new Error('no bookable slot in the next 60 days');
}

/** Puts the patient on the slot's calendar waitlist, frees the slot, and returns the offer's link from the e-mail. */
async function offerLink(
  api: Api,
  slot: Awaited<ReturnType<typeof bookedSlot>>,
  patientId: number,
  email: string,
) {
  const added = await api.post('/api/waitlist', {
    data: { patient_id: patientId, calendar_id: slot.calendar.id, from: today(), to: addDays(slot.day, 7) },
  });
  expect(added.status(), await added.text()).toBe(200);
  // The slot frees: the waiting patient gets the offer by e-mail (the outbox writes it within seconds).
  expect((await api.delete(`/api/appointment/${slot.id}`)).status()).toBe(200);
  await expect.poll(() => sentMails().filter((m) => m.includes(email)).length, { timeout: 20_000 }).toBe(1);
  const mail = sentMails().find((m) => m.includes(email))!;
  expect(mail).toContain('S-a eliberat un loc');
  return LINK.exec(mail)![0];
}

test('a waitlisted patient is offered a freed slot by e-mail, opens it on a phone and accepts', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'superadmin');
  const api = page.request;
  const stamp = Date.now() % 1_000_000;
  const booked = await newPatient(api, stamp, 1, 'Ilie Moraru', `ilie.${stamp}@example.ro`);
  const waitingEmail = `ioana.lista.${stamp}@example.ro`;
  const waiting = await newPatient(api, stamp, 2, 'Ioana Lupescu', waitingEmail);
  // A slot of a calendar, booked by the first patient.
  const slot = await bookedSlot(api, booked, 10);
  const { calendar, time } = slot;

  // Staff open "Adaugă pe lista de așteptare" on the patient's page: the form says what is missing.
  await page.goto(`/app/patients/${waiting}`);
  await page.getByRole('button', { name: 'Adaugă pe lista de așteptare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă pe lista de așteptare' });
  await dialog.getByRole('button', { name: 'Adaugă', exact: true }).click();
  await expect(dialog.getByText('Alegeți calendarul.')).toBeVisible();
  await expect(dialog.getByText('Câmp obligatoriu.')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Renunță' }).click();

  // The second patient goes on the calendar's waitlist for the days around it; the slot frees.
  const link = await offerLink(api, slot, waiting, waitingEmail);
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const patient = await phone.newPage();
  await patient.goto(link);
  await expect(
    patient.getByRole('heading', { level: 1, name: 'S-a eliberat un loc pentru dumneavoastră' }),
  ).toBeVisible();
  await expect(patient.locator('dl')).toContainText(time);
  await expect(patient.locator('dl')).toContainText(calendar.title);
  await expect(patient.getByText('Până la', { exact: true })).toBeVisible();
  await expect(patient.getByText('Ioana Lupescu')).toHaveCount(0);
  await expectNoA11yViolations(patient);
  const width = await patient.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);

  await patient.getByRole('button', { name: 'Accept' }).click();
  await expect(patient.getByText('Gata! Programarea a fost făcută. Vă așteptăm.')).toBeVisible();
  await expect(patient.getByRole('heading', { level: 1, name: 'Programare făcută' })).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await phone.close();

  // Staff see it in the calendar's waitlist.
  await page.goto('/app/calendars');
  await page.getByRole('tab', { name: calendar.title }).click();
  const list = page.getByTestId(`waitlist-${calendar.id}`);
  const row = list.getByRole('row', { name: /Ioana Lupescu/ });
  await expect(row).toContainText('acceptat');
  await expect(row).toContainText('programat');
});

test('a patient who accepts a slot staff booked meanwhile is told so, and stays on the list', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'superadmin');
  const api = page.request;
  const stamp = (Date.now() + 500_000) % 1_000_000;
  const first = await newPatient(api, stamp, 1, 'Dan Cernat', `dan.${stamp}@example.ro`);
  const waitingEmail = `vasile.lista.${stamp}@example.ro`;
  const waiting = await newPatient(api, stamp, 2, 'Vasile Dumbravă', waitingEmail);
  const other = await newPatient(api, stamp, 3, 'Sorin Talpă', `sorin.${stamp}@example.ro`);
  const offered = await bookedSlot(api, first, 20);
  const { calendar, day, time, book } = offered;
  const link = await offerLink(api, offered, waiting, waitingEmail);

  // The patient opens the offer; before they tap Accept, staff give the slot to someone else.
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const patient = await phone.newPage();
  await patient.goto(link);
  await expect(patient.getByRole('button', { name: 'Accept' })).toBeVisible();
  // Staff are told the slot is held (409) and confirm taking it (issue 54, item 11).
  const asked = await book(other, day, time);
  expect(asked.status(), await asked.text()).toBe(409);
  const staffBooking = await book(other, day, time, { take_held: true });
  expect(staffBooking.status(), await staffBooking.text()).toBe(200);
  await patient.getByRole('button', { name: 'Accept' }).click();
  await expect(
    patient.getByText('Ne pare rău, locul tocmai a fost ocupat. Rămâneți pe lista de așteptare.'),
  ).toBeVisible();
  await expectNoA11yViolations(patient);
  await phone.close();

  // One booking of that slot: the staff's; the patient is still waiting.
  const slot = (
    await (
      await api.get(`/api/appointment/calendar/${calendar.id}/availability`, { params: { date: day } })
    ).json()
  ).data.appointments.filter((a: { selected_time: string }) => a.selected_time === time);
  expect(slot).toHaveLength(1);
  const list = await api.get('/api/waitlist', { params: { calendar_id: String(calendar.id) } });
  const entries = (await list.json()).entries as {
    patient_id: number;
    state: string;
    offers: { state: string }[];
  }[];
  const mine = entries.find((e) => e.patient_id === waiting)!;
  expect(mine.state).toBe('waiting');
  expect(mine.offers.map((o) => o.state)).toEqual(['taken']);
});

test('staff see a time held for a waiting patient until when, and are asked before taking it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'superadmin');
  const api = page.request;
  const stamp = (Date.now() + 250_000) % 1_000_000;
  const first = await newPatient(api, stamp, 1, 'Radu Stanciu', `radu.${stamp}@example.ro`);
  const waitingEmail = `elena.lista.${stamp}@example.ro`;
  const waiting = await newPatient(api, stamp, 2, 'Elena Vrabie', waitingEmail);
  const walkIn = await newPatient(api, stamp, 3, 'Mihai Toma', `mihai.${stamp}@example.ro`);
  // Well past the earlier tests' slots: a patient they leave waiting (their range ends a week after
  // their slot) would be offered this one first, and this patient's e-mail would never come.
  const held = await bookedSlot(api, first, 50);
  const link = await offerLink(api, held, waiting, waitingEmail);
  // Another patient's appointment, which staff move into the held time from its page.
  const moving = await bookedSlot(api, walkIn, 60);

  await page.goto(`/app/appointments/${moving.id}`);
  await page.getByRole('button', { name: 'Schimbă statusul' }).click();
  await page.getByRole('menuitem', { name: held.status.title }).click();
  const dialog = page.getByRole('dialog', { name: 'Setează programarea' });
  await choose(page, dialog, /Calendar/, held.calendar.title);
  await pickDay(page, dialog, held.day);
  const label = new RegExp(
    `^${held.time} - \\d\\d:\\d\\d · rezervat pentru un pacient de pe lista de așteptare până la .*\\d\\d:\\d\\d$`,
  );
  await choose(page, dialog, /Ora/, label);
  await dialog.getByRole('button', { name: 'Setează programarea' }).click();
  const ask = page.getByRole('dialog', { name: 'Locul este rezervat pentru lista de așteptare' });
  await expect(ask).toContainText('rezervat pentru un pacient de pe lista de așteptare până la');
  await expect(ask).toContainText('oferta lui se încheie');
  await expectNoA11yViolations(page);
  // "Renunță" takes nothing: the appointment keeps its own time.
  await ask.getByRole('button', { name: 'Renunță' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();
  const detail = async () => (await (await api.get(`/api/appointment/${moving.id}`)).json()).appointment;
  expect((await detail()).selected_date).toBe(moving.day);

  await dialog.getByRole('button', { name: 'Setează programarea' }).click();
  await ask.getByRole('button', { name: 'Ia locul' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await detail()).selected_date).toBe(held.day);
  expect((await detail()).selected_time).toBe(held.time);

  // The waiting patient's page says at once that the place was taken.
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const patient = await phone.newPage();
  await patient.goto(link);
  await expect(patient.getByRole('heading', { level: 1, name: 'Locul a fost ocupat' })).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await phone.close();
});
