/**
 * What the patient receives (issue 15), as the running server writes it without a gateway or a
 * relay: a public request puts an SMS (DATA_DIR/sms/*.json, GSM-7, with the link) and an e-mail
 * (DATA_DIR/mail/*.eml, with the same link) on disk; an appointment of a patient who has neither
 * a mobile number nor an e-mail says so to staff on its page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDay } from '../domain/dates';
import { isGsm7, NO_CONTACT_MESSAGE, quietHoursUntil } from '../domain/sms';
import { makeCnp } from '../domain/validation/cnp';
import { appointmentOptions } from './booking';
import { E2E_DATA_DIR, expect, openPublicDay, sentMails, signIn, test, withProofOfWork } from './fixtures';

const LINK = /\/p\/[A-Za-z0-9_-]{22}/;

function sentSms(): { to: string; text: string }[] {
  const dir = path.join(E2E_DATA_DIR, 'sms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
}

test('a public request gets an SMS and an e-mail with the same self-service link', async ({ page }) => {
  await signIn(page, 'superadmin');
  const request = page.request;
  const phone = `0745${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const e164 = `+40${phone.slice(1)}`;
  const day = await openPublicDay(request, 7);
  const email = `jurnal.${Date.now()}@example.ro`;
  const res = await request.post('/api/appointment', {
    data: await withProofOfWork(request, {
      appt_date: day,
      appt_time: '08:00',
      name: 'Ștefan Mureșan',
      cnp: makeCnp(1, '1971-04-12', '40', 100 + Math.floor(Math.random() * 800)),
      email,
      phone,
      state_residency: 'RO-CJ',
      insurance_status: 'insured-employed',
      vaccine: 1,
      agreement: true,
    }),
  });
  expect(res.status()).toBe(201);
  // The outbox worker writes them within a few seconds: wait on the files, not on a clock.
  await expect.poll(() => sentMails().filter((m) => m.includes(email)).length, { timeout: 20_000 }).toBe(1);
  const mail = sentMails().find((m) => m.includes(email))!;
  expect(mail).toMatch(LINK);
  const quietUntil = quietHoursUntil(new Date());
  if (quietUntil) {
    // 21:00-08:00 in Bucharest: the SMS waits in the outbox until 08:00.
    const list = await request.get('/api/admin/outbox', {
      params: { filters: JSON.stringify({ channel: 'sms', state: 'pending' }), page: '1', perPage: '10' },
    });
    expect(list.status(), await list.text()).toBe(200);
    const rows = (await list.json()).data as { recipient: string; nextAttemptAt: string }[];
    expect(rows[0].recipient).toBe(`+40 7** *** ${e164.slice(-3)}`);
    expect(new Date(rows[0].nextAttemptAt).getTime()).toBe(quietUntil.getTime());
    expect(sentSms().filter((s) => s.to === e164)).toEqual([]);
    return;
  }
  await expect.poll(() => sentSms().filter((s) => s.to === e164).length, { timeout: 20_000 }).toBe(1);
  const sms = sentSms().find((s) => s.to === e164)!;
  expect(sms.text).toContain(formatDay(day));
  expect(sms.text).toContain('48 de ore');
  expect(isGsm7(sms.text)).toBe(true);
  expect(sms.text).not.toMatch(/Mure|Stefan/);
  expect(mail.match(LINK)?.[0]).toBe(sms.text.match(LINK)?.[0]);
});

test('staff see on the appointment that a patient without phone or e-mail receives no messages', async ({
  page,
}) => {
  await signIn(page, 'superadmin');
  const api = page.request;
  const created = await api.post('/api/patients', {
    data: {
      name: 'Fără Contact',
      cnp: makeCnp(2, '1950-06-21', '40', 100 + Math.floor(Math.random() * 800)),
      phone: '0213 124 567',
      insurance_status: 'insured-retired',
      state_residency: 'RO-B',
      vaccine: '0',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = (await created.json()).id as number;
  const options = await appointmentOptions(api);
  const status = options.statuses.find((s) => s.without_appointment)!;
  const res = await api.post('/api/appointment/new-appointment', {
    data: { doctor_id: options.doctors[0].id, patient_id: patientId, status_id: status.id },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).id as number;
  await page.goto(`/app/appointments/${id}`);
  await expect(page.getByText(NO_CONTACT_MESSAGE)).toBeVisible();
});
