/**
 * Reminders as an administrator sees them (issue 15): an appointment given a slot puts its two
 * reminders (REMINDER_HOURS 24 and 2) in the outbox, due 24 h and 2 h before its start; deleting
 * the appointment cancels them, so none goes out. (That a due reminder is sent exactly once, on a
 * moved clock, is in server/features/journey/reminders.test.ts: the browser cannot move the
 * server's clock.)
 */
import type { APIRequestContext } from '@playwright/test';
import { clinicInstant, formatDay } from '../domain/dates';
import { makeCnp } from '../domain/validation/cnp';
import { appointmentOptions, freeSlot } from './booking';
import { expect, signIn, test } from './fixtures';

type OutboxRow = { subject: string; recipient: string; state: string; nextAttemptAt: string | null };

async function reminders(api: APIRequestContext, subject: string, recipient: string) {
  const res = await api.get('/api/admin/outbox', {
    params: { filters: JSON.stringify({ channel: 'email' }), page: '1', perPage: '100' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data as OutboxRow[]).filter(
    (r) => r.subject.startsWith(subject) && r.recipient === recipient,
  );
}

test('an appointment with a slot queues its reminders; deleting it cancels them', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin');
  const api = page.request;
  const stamp = Date.now() % 100000;
  const email = `reamintire.${stamp}@example.ro`;
  const created = await api.post('/api/patients', {
    data: {
      name: `Ilie Reamintire ${stamp}`,
      cnp: makeCnp(1, '1968-09-14', '40', stamp % 1000),
      email,
      phone: '0213 124 567', // a landline: e-mail only
      insurance_status: 'insured-retired',
      state_residency: 'RO-B',
      vaccine: '0',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = (await created.json()).id as number;
  const options = await appointmentOptions(api);
  const status = options.statuses.find((s) => !s.without_appointment)!;
  // A visit's calendar: a remote consultation's reminder is worded as a call (issue 54, item 14).
  const calendar = options.calendars.find((c) => c.title === 'Ambulatoriu Cardiologie')!;
  const slot = await freeSlot(api, calendar.id, options.doctors[0].id, 3);
  const res = await api.post('/api/appointment/new-appointment', {
    data: {
      doctor_id: options.doctors[0].id,
      patient_id: patientId,
      status_id: status.id,
      calendar_id: calendar.id,
      date: slot.date,
      time: slot.time,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).id as number;

  const subject = `Reamintire: programare ${formatDay(slot.date)}`;
  const masked = `r***@example.ro`;
  const start = clinicInstant(slot.date, slot.time).getTime();
  const queued = await reminders(api, subject, masked);
  expect(queued.map((r) => r.state)).toEqual(['pending', 'pending']);
  expect(queued.map((r) => new Date(r.nextAttemptAt!).getTime()).sort()).toEqual([
    start - 24 * 3_600_000,
    start - 2 * 3_600_000,
  ]);

  // Staff delete the appointment from its page: its reminders will never go out.
  await page.goto(`/app/appointments/${id}`);
  await page.getByRole('button', { name: 'Șterge programarea' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Șterge', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/appointments$/);
  await expect
    .poll(async () => (await reminders(api, subject, masked)).map((r) => r.state))
    .toEqual(['cancelled', 'cancelled']);
  // The administrator's queue says so in words.
  await page.goto('/app/admin/outbox');
  const rows = page.getByRole('row').filter({ hasText: subject }).filter({ hasText: masked });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Anulat');
});
