/**
 * What the patient receives when a request arrives, is confirmed or is scheduled (issue 15), through
 * the API: the public form, confirming and scheduling queue the e-mail and the SMS in the same
 * transaction; the outbox worker (no SMTP, no gateway) writes them as DATA_DIR/mail/*.eml and
 * DATA_DIR/sms/*.json. Setup shared with reminders.test.ts in test-setup.ts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isGsm7, NO_CONTACT_MESSAGE } from '../../../domain/sms';
import { appointments } from '../../db/schema';
import { makeAppointment, makeCalendar, makePatient, registrationForm } from '../../test/factories';
import { signedInStaff } from '../../test/harness';
import { journeyTestContext, LINK, STORED_LINK } from './test/setup';

const {
  clock,
  ctx,
  db,
  staff,
  calId,
  control,
  worker,
  submit,
  post,
  rowsOf,
  live,
  smsFile,
  mailText,
  newAppointment,
} = await journeyTestContext();

/** The public form sent for `day` with the patient's phone and e-mail, and the request it made. */
async function publicRequest(day: string, phone: string, email: string) {
  const body = registrationForm({ appt_date: day, phone, email });
  expect((await submit(body)).statusCode).toBe(201);
  const [a] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.publicRequest, true), eq(appointments.selectedDate, day)));
  return { body, a };
}

describe('request received (public form)', () => {
  it('queues an e-mail and an SMS with the day, the 48-hour promise and the link, and writes them', async () => {
    const { body, a } = await publicRequest('2026-03-04', '0722 555 101', 'stefan.j@example.ro');
    const rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.channel, r.to, r.purpose])).toEqual([
      ['email', 'stefan.j@example.ro', 'request-received'],
      ['sms', '+40722555101', 'request-received'],
    ]);
    // 10:00 in Bucharest: not in the quiet hours, both go now.
    const sent = await worker.runUntilIdle();
    expect((await rowsOf(a.id)).map((r) => [r.channel, r.state, r.lastError])).toEqual([
      ['email', 'sent', null],
      ['sms', 'sent', null],
    ]);
    expect(sent).toBe(2);
    const [mail, sms] = rows;
    const text = await mailText(mail.id);
    expect(text).toContain('04.03.2026');
    expect(text).toContain('48 de ore');
    expect(text).toMatch(LINK);
    expect(text).toContain('Cererea dumneavoastră');
    const file = await smsFile(sms.id);
    expect(file.to).toBe('+40722555101');
    expect(file.text).toContain('04.03.2026');
    expect(file.text).toContain('48 de ore');
    expect(file.text).toMatch(LINK);
    expect(file.text.match(LINK)?.[0]).toBe(text.match(LINK)?.[0]);
    // Sent, the rows keep the placeholder: a copy of the database opens nothing (issue 54).
    for (const row of await rowsOf(a.id)) {
      expect(row.state).toBe('sent');
      expect(row.text).toMatch(STORED_LINK);
      expect(row.text).not.toMatch(/\/p\/[A-Za-z0-9_-]{22}/);
    }
    expect(isGsm7(file.text)).toBe(true);
    // Neither the CNP nor the name in an SMS.
    expect(file.text).not.toContain(String(body.cnp));
    expect(file.text).not.toMatch(/Mure/);
  });

  it('an SMS asked for at night waits until 08:00; the e-mail goes at once', async () => {
    clock.at = new Date('2026-03-02T21:30:00Z'); // 23:30 in Bucharest
    const { a } = await publicRequest('2026-03-05', '0722 555 102', 'noapte@example.ro');
    const [mail, sms] = await rowsOf(a.id);
    expect(sms.channel).toBe('sms');
    expect(sms.nextAttemptAt.toISOString()).toBe('2026-03-03T06:00:00.000Z');
    expect(mail.nextAttemptAt.getTime()).toBeLessThan(sms.nextAttemptAt.getTime());
    await worker.runUntilIdle();
    expect((await rowsOf(a.id)).map((r) => r.state)).toEqual(['sent', 'pending']);
    clock.at = new Date('2026-03-03T06:00:00Z');
    await worker.runUntilIdle();
    expect((await rowsOf(a.id)).map((r) => r.state)).toEqual(['sent', 'sent']);
  });
});

describe('confirmed and scheduled', () => {
  it('confirming a request sends its date, time, place, what to send and the link', async () => {
    const p = await makePatient(db, { email: 'conf@example.ro', phone: '+40722555103' });
    const a = await makeAppointment(db, {
      patientId: p.id,
      status: 'request',
      calendarId: calId,
      selectedDate: '2026-03-06',
      selectedTime: '08:00',
      publicRequest: true,
    });
    expect((await post('confirm', { appointment_id: a.id, status: 'scheduled_paperless' })).statusCode).toBe(
      200,
    );
    const rows = await live(a.id);
    expect(rows.map((r) => [r.channel, r.purpose])).toEqual([
      ['email', 'confirmed:scheduled_paperless@2026-03-06T08:00'],
      ['sms', 'confirmed:scheduled_paperless@2026-03-06T08:00'],
    ]);
    expect(rows[0].text).toContain('06.03.2026');
    expect(rows[0].text).toContain('ora: 08:00');
    expect(rows[0].text).toContain('Ambulatoriu etaj 2');
    expect(rows[0].text).toContain('documentele medicale');
    expect(rows[0].text).toMatch(STORED_LINK);
    // The department stays out of the SMS; the date, the time and the link are there.
    expect(rows[1].text).toContain('06.03.2026 ora 08:00');
    expect(rows[1].text).not.toContain('Ambulatoriu');
    expect(rows[1].text).toMatch(STORED_LINK);
    expect(isGsm7(rows[1].text)).toBe(true);
  });

  it('a new appointment with a slot sends the confirmation and queues reminders 24 h and 2 h before', async () => {
    const p = await makePatient(db, { email: 'slot@example.ro', phone: '+40722555104' });
    // Wednesday 4 March 09:00 in Bucharest = 07:00 UTC.
    const id = await newAppointment(p.id, '2026-03-04', '09:00');
    const rows = await live(id);
    const by = (channel: string, purpose: string) =>
      rows.find((r) => r.channel === channel && r.purpose === purpose);
    expect(rows).toHaveLength(6);
    expect(by('email', 'scheduled@2026-03-04T09:00')?.text).toContain('actul de identitate');
    expect(by('email', 'scheduled@2026-03-04T09:00')?.text).toContain('Dacă nu puteți ajunge');
    expect(by('email', 'scheduled@2026-03-04T09:00')?.text).not.toContain('vă sunăm');
    expect(by('sms', 'scheduled@2026-03-04T09:00')?.text).toMatch(STORED_LINK);
    expect(by('email', 'reminder:24@2026-03-04T09:00')?.nextAttemptAt.toISOString()).toBe(
      '2026-03-03T07:00:00.000Z',
    );
    expect(by('sms', 'reminder:24@2026-03-04T09:00')?.nextAttemptAt.toISOString()).toBe(
      '2026-03-03T07:00:00.000Z',
    );
    expect(by('email', 'reminder:2@2026-03-04T09:00')?.nextAttemptAt.toISOString()).toBe(
      '2026-03-04T05:00:00.000Z',
    );
    // 07:00 in Bucharest is in the quiet hours: the SMS reminder waits until 08:00.
    expect(by('sms', 'reminder:2@2026-03-04T09:00')?.nextAttemptAt.toISOString()).toBe(
      '2026-03-04T06:00:00.000Z',
    );
  });

  it('a patient without an e-mail gets SMS only; one without a mobile number and e-mail gets nothing, and staff see it', async () => {
    const smsOnly = await makePatient(db, { email: null, phone: '+40722555105' });
    const nobody = await makePatient(db, { email: null, phone: '+40212345678' });
    const a = await newAppointment(smsOnly.id, '2026-03-05', '10:00');
    const b = await newAppointment(nobody.id, '2026-03-05', '10:30');
    expect(new Set((await live(a)).map((r) => r.channel))).toEqual(new Set(['sms']));
    expect(await live(b)).toEqual([]);
    const detail = async (id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/appointment/${id}`, headers: staff.headers })).json()
        .appointment;
    expect((await detail(a)).contact_channels).toEqual(['sms']);
    expect((await detail(b)).contact_channels).toEqual([]);
    expect(NO_CONTACT_MESSAGE).toBe('Pacientul nu are telefon sau e-mail: nu primește mesaje');
  });
});

describe('a remote calendar (Consultații la distanță, issue 54 item 14)', () => {
  it('words every message for a call from the institute: no identity card, no "Dacă nu puteți ajunge", the number that calls', async () => {
    const remote = await makeCalendar(db, { title: 'Consultatii la distanta 2', remote: true });
    const p = await makePatient(db, { email: 'la.distanta@example.ro', phone: '+40722555109' });
    const request = await makeAppointment(db, {
      patientId: p.id,
      status: 'request',
      calendarId: remote.id,
      selectedDate: '2026-03-06',
      selectedTime: '08:00',
      publicRequest: true,
    });
    expect(
      (await post('confirm', { appointment_id: request.id, status: 'scheduled_paperless' })).statusCode,
    ).toBe(200);
    const doctor = await signedInStaff(ctx, { doctor: true });
    const slot = await post('new-appointment', {
      doctor_id: doctor.id,
      status_id: control,
      patient_id: p.id,
      calendar_id: remote.id,
      date: '2026-03-05',
      time: '11:00',
    });
    expect(slot.statusCode, slot.body).toBe(200);
    const rows = [...(await live(request.id)), ...(await live(slot.json().id))];
    const emails = rows.filter((r) => r.channel === 'email');
    const sms = rows.filter((r) => r.channel === 'sms');
    // The confirmation, the slot's message and its two reminders, on each channel.
    expect(emails.map((r) => r.purpose?.split('@')[0])).toEqual([
      'confirmed:scheduled_paperless',
      'scheduled',
      'reminder:24',
      'reminder:2',
    ]);
    expect(sms).toHaveLength(4);
    // INSTITUTE_WHATSAPP_NUMBER unset: the institute's phone calls.
    for (const e of emails) {
      expect(e.text).toContain('vă sunăm de la numărul 021 000 0000');
      expect(e.text).toContain('confirma că sunteți disponibil la telefon');
      expect(e.text).not.toMatch(/identitate|Dacă nu (mai )?puteți ajunge|confirma prezența/);
      expect(e.subject).toMatch(/onsultație la distanță/);
    }
    for (const s of sms) {
      expect(s.text).toContain('va sunam');
      expect(s.text).toContain('021 000 0000');
      expect(isGsm7(s.text)).toBe(true);
    }
    // As sent: the link put in, the wording kept.
    await worker.runUntilIdle();
    const sent = (await rowsOf(request.id)).find((r) => r.channel === 'sms' && r.state === 'sent');
    expect((await smsFile(sent!.id)).text).toMatch(
      /^IUBCVT: consultatie la distanta 06\.03\.2026 ora 08:00, va sunam de la 021 000 0000: http:\/\/localhost:3000\/p\/[A-Za-z0-9_-]{22}$/,
    );
    const mail = (await rowsOf(request.id)).find((r) => r.channel === 'email' && r.state === 'sent');
    expect(await mailText(mail!.id)).toContain('Consultația are loc la telefon');
  });
});
