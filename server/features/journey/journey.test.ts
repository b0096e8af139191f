/**
 * What the patient receives, and when (issue 15), through the API: the public form, confirming,
 * scheduling, moving, cancelling and deleting queue the e-mail and the SMS in the same
 * transaction; the outbox worker (no SMTP, no gateway) writes them as DATA_DIR/mail/*.eml and
 * DATA_DIR/sms/*.json; reminders go REMINDER_HOURS before, on the app's clock (moved by the
 * tests), once, never for a cancelled or deleted appointment, and follow a moved one.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isGsm7, NO_CONTACT_MESSAGE } from '../../../domain/sms';
import { appointments, outbox } from '../../db/schema';
import { emailSender } from '../../platform/mail';
import { createOutboxWorker } from '../../platform/outbox';
import { smsSender } from '../../platform/sms';
import {
  makeAppointment,
  makeCalendar,
  makePatient,
  makePublicCalendar,
  makeStatus,
  nextIp,
  registrationForm,
} from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';
import { journeyFor, staleJourneyMessage } from './service';

/** Monday 2 March 2026, 10:00 in Bucharest (08:00 UTC); in the past of the real time on purpose. */
const NOW = new Date('2026-03-02T08:00:00Z');
const clock = { at: NOW, now: () => clock.at };
const ctx = await setupTestApp({ clock });
const db = ctx.database.db;
const mailDir = path.join(ctx.dataDir, 'mail');
const smsDir = path.join(ctx.dataDir, 'sms');
const LINK = /http:\/\/localhost:3000\/p\/[A-Za-z0-9_-]{43}/;

let staff: Staff;
let doctor: Staff;
let calId: number;
let control: number;
let cancelledStatus: number;

const worker = createOutboxWorker(db, {
  senders: [emailSender({ mailDir, from: 'no-reply@test.example' }), smsSender({ smsDir })],
  maxInFlight: 4,
  sendTimeoutMs: 30_000,
  clock,
  expired: staleJourneyMessage,
});

const submit = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/appointment', payload, remoteAddress: nextIp() });
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/appointment/${url}`, headers: staff.headers, payload });
const rowsOf = (appointmentId: number) =>
  db.select().from(outbox).where(eq(outbox.appointmentId, appointmentId)).orderBy(outbox.id);
const live = async (appointmentId: number) =>
  (await rowsOf(appointmentId)).filter((r) => r.state !== 'cancelled');
const smsFile = async (id: number) =>
  JSON.parse(await readFile(path.join(smsDir, `${String(id).padStart(6, '0')}.json`), 'utf8')) as {
    to: string;
    text: string;
  };
const mailFile = (id: number) => readFile(path.join(mailDir, `${String(id).padStart(6, '0')}.eml`), 'utf8');
/** The decoded text of a written e-mail (quoted-printable undone). */
const mailText = async (id: number) =>
  (await mailFile(id))
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));

async function newAppointment(patientId: number, date: string, time: string) {
  const res = await post('new-appointment', {
    doctor_id: doctor.id,
    patient_id: patientId,
    status_id: control,
    calendar_id: calId,
    date,
    time,
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  staff = await signedInStaff(ctx, { doctor: false });
  doctor = await signedInStaff(ctx, { doctor: true, firstName: 'Ion', lastName: 'Ionescu' });
  await makePublicCalendar(db);
  calId = (await makeCalendar(db, { title: 'Ambulatoriu etaj 2' })).id;
  control = (await makeStatus(db, { title: 'Control' })).id;
  cancelledStatus = (await makeStatus(db, { title: 'Anulat', withoutAppointment: true })).id;
});

afterEach(() => {
  clock.at = NOW;
});

describe('request received (public form)', () => {
  it('queues an e-mail and an SMS with the day, the 48-hour promise and the link, and writes them', async () => {
    const body = registrationForm({
      appt_date: '2026-03-04',
      phone: '0722 555 101',
      email: 'stefan.j@example.ro',
    });
    expect((await submit(body)).statusCode).toBe(201);
    const [a] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.publicRequest, true), eq(appointments.selectedDate, '2026-03-04')));
    const rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.channel, r.to, r.purpose])).toEqual([
      ['email', 'stefan.j@example.ro', 'request-received'],
      ['sms', '+40722555101', 'request-received'],
    ]);
    // 10:00 in Bucharest: not in the quiet hours, both go now.
    expect(await worker.runUntilIdle()).toBeGreaterThanOrEqual(2);
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
    expect(isGsm7(file.text)).toBe(true);
    // Neither the CNP nor the name in an SMS.
    expect(file.text).not.toContain(String(body.cnp));
    expect(file.text).not.toMatch(/Mure/);
  });

  it('an SMS asked for at night waits until 08:00; the e-mail goes at once', async () => {
    clock.at = new Date('2026-03-02T21:30:00Z'); // 23:30 in Bucharest
    const body = registrationForm({
      appt_date: '2026-03-05',
      phone: '0722 555 102',
      email: 'noapte@example.ro',
    });
    expect((await submit(body)).statusCode).toBe(201);
    const [a] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.publicRequest, true), eq(appointments.selectedDate, '2026-03-05')));
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
    expect(rows[0].text).toMatch(LINK);
    // The department stays out of the SMS; the date, the time and the link are there.
    expect(rows[1].text).toContain('06.03.2026 ora 08:00');
    expect(rows[1].text).not.toContain('Ambulatoriu');
    expect(rows[1].text).toMatch(LINK);
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
    expect(by('sms', 'scheduled@2026-03-04T09:00')?.text).toMatch(LINK);
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

describe('reminders', () => {
  it('go once each at their time, on the clock the tests move', async () => {
    const p = await makePatient(db, { email: 'rem@example.ro', phone: '+40722555106' });
    const id = await newAppointment(p.id, '2026-03-06', '11:00'); // 09:00 UTC
    await worker.runUntilIdle(); // the confirmation
    const state = async () =>
      Object.fromEntries((await live(id)).map((r) => [`${r.channel} ${r.purpose?.split('@')[0]}`, r.state]));
    expect(await state()).toMatchObject({
      'email reminder:24': 'pending',
      'sms reminder:24': 'pending',
    });
    clock.at = new Date('2026-03-05T08:59:59Z');
    await worker.runUntilIdle();
    expect((await state())['sms reminder:24']).toBe('pending');
    clock.at = new Date('2026-03-05T09:00:00Z');
    await worker.runUntilIdle();
    expect(await state()).toMatchObject({
      'email reminder:24': 'sent',
      'sms reminder:24': 'sent',
      'email reminder:2': 'pending',
      'sms reminder:2': 'pending',
    });
    const reminderSms = (await live(id)).find(
      (r) => r.channel === 'sms' && r.purpose?.startsWith('reminder:24'),
    )!;
    const file = await smsFile(reminderSms.id);
    expect(file).toEqual({ to: '+40722555106', text: expect.stringContaining('06.03.2026 ora 11:00') });
    expect(file.text).toMatch(LINK);
    // Looking again sends nothing more.
    expect(await worker.runUntilIdle()).toBe(0);
    clock.at = new Date('2026-03-06T07:00:00Z');
    await worker.runUntilIdle();
    expect(Object.values(await state()).every((s) => s === 'sent')).toBe(true);
    expect(await worker.runUntilIdle()).toBe(0);
    // One row per (channel, purpose): scheduling the same appointment again (a second node) adds none.
    await journeyFor(ctx.app.deps).scheduled(db, id);
    const rows = await live(id);
    const keys = rows.map((r) => `${r.channel} ${r.purpose}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are cancelled with the appointment (a status without a slot), which the patient is told', async () => {
    const p = await makePatient(db, { email: 'anul@example.ro', phone: '+40722555107' });
    const id = await newAppointment(p.id, '2026-03-09', '09:00');
    await worker.runUntilIdle();
    const res = await post('set-appointment', { appointment_id: id, status_id: cancelledStatus });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(id);
    expect(rows.filter((r) => r.purpose?.startsWith('reminder:')).every((r) => r.state === 'cancelled')).toBe(
      true,
    );
    const told = rows.filter((r) => r.purpose === 'cancelled@2026-03-09T09:00');
    expect(told.map((r) => r.channel)).toEqual(['email', 'sms']);
    expect(told[0].text).toContain('a fost anulată');
    expect(told[1].text).toContain('09.03.2026 ora 09:00 a fost anulata');
    // Past every reminder's time: nothing but the cancellation goes.
    clock.at = new Date('2026-03-09T08:00:00Z');
    await worker.runUntilIdle();
    const sent = (await rowsOf(id)).filter((r) => r.state === 'sent').map((r) => r.purpose);
    expect(sent.filter((s) => s?.startsWith('reminder:'))).toEqual([]);
    expect(sent.filter((s) => s?.startsWith('cancelled@'))).toHaveLength(2);
  });

  it('are cancelled when the appointment is deleted, and the patient is told', async () => {
    const p = await makePatient(db, { email: 'sters@example.ro', phone: '+40722555108' });
    const id = await newAppointment(p.id, '2026-03-10', '09:30');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/appointment/${id}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(id);
    expect(rows.filter((r) => r.state !== 'cancelled').map((r) => [r.channel, r.purpose])).toEqual([
      ['email', 'cancelled@2026-03-10T09:30'],
      ['sms', 'cancelled@2026-03-10T09:30'],
    ]);
    // The deleted appointment's messages carry no link: it opens nothing any more.
    expect(rows.find((r) => r.purpose?.startsWith('cancelled@'))?.text).not.toMatch(LINK);
  });

  it('follow a moved appointment: the old ones are cancelled, new ones queued for the new time, the move told', async () => {
    const p = await makePatient(db, { email: 'mutat@example.ro', phone: '+40722555109' });
    const id = await newAppointment(p.id, '2026-03-11', '09:00');
    const res = await post('set-appointment', {
      appointment_id: id,
      status_id: control,
      calendar_id: calId,
      date: '2026-03-12',
      time: '11:30',
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(id);
    const waiting = rows.filter((r) => r.state === 'pending').map((r) => `${r.channel} ${r.purpose}`);
    expect(waiting.sort()).toEqual(
      [
        'email moved@2026-03-12T11:30',
        'sms moved@2026-03-12T11:30',
        'email reminder:24@2026-03-12T11:30',
        'sms reminder:24@2026-03-12T11:30',
        'email reminder:2@2026-03-12T11:30',
        'sms reminder:2@2026-03-12T11:30',
      ].sort(),
    );
    expect(
      rows.filter((r) => r.purpose?.endsWith('@2026-03-11T09:00')).every((r) => r.state === 'cancelled'),
    ).toBe(true);
    const movedMail = rows.find((r) => r.channel === 'email' && r.purpose === 'moved@2026-03-12T11:30')!;
    expect(movedMail.text).toContain('11.03.2026, ora 09:00');
    expect(movedMail.text).toContain('12.03.2026');
    // The old time's reminder never goes; the new one does, at its time.
    clock.at = new Date('2026-03-11T09:30:00Z');
    await worker.runUntilIdle();
    const sentNow = (await rowsOf(id)).filter((r) => r.state === 'sent').map((r) => r.purpose);
    expect(sentNow.some((s) => s?.endsWith('@2026-03-11T09:00'))).toBe(false);
    expect(sentNow.filter((s) => s === 'reminder:24@2026-03-12T11:30')).toHaveLength(2);
    const ids = (await rowsOf(id)).map((r) => r.id);
    expect(
      (
        await db
          .select()
          .from(outbox)
          .where(and(inArray(outbox.id, ids), ne(outbox.state, 'cancelled')))
      ).length,
    ).toBe(6);
  });
});

describe('two server nodes', () => {
  it('send each due reminder once', async () => {
    const p = await makePatient(db, { email: 'doua@example.ro', phone: '+40722555111' });
    const id = await newAppointment(p.id, '2026-03-16', '10:30'); // 08:30 UTC
    const node = () =>
      createOutboxWorker(db, {
        senders: [emailSender({ mailDir, from: 'no-reply@test.example' }), smsSender({ smsDir })],
        maxInFlight: 2,
        sendTimeoutMs: 30_000,
        clock,
        expired: staleJourneyMessage,
      });
    clock.at = new Date('2026-03-15T08:30:00Z');
    const [a, b] = [node(), node()];
    const sent = (await Promise.all([a.runUntilIdle(), b.runUntilIdle(), a.runUntilIdle()])).reduce(
      (x, y) => x + y,
      0,
    );
    const rows = (await rowsOf(id)).filter((r) => r.state === 'sent');
    // The confirmation (e-mail, SMS) and the 24-hour reminder (e-mail, SMS), each once.
    expect(rows.map((r) => `${r.channel} ${r.purpose}`).sort()).toEqual(
      [
        'email reminder:24@2026-03-16T10:30',
        'email scheduled@2026-03-16T10:30',
        'sms reminder:24@2026-03-16T10:30',
        'sms scheduled@2026-03-16T10:30',
      ].sort(),
    );
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(sent).toBeGreaterThanOrEqual(4);
    const smsFiles = (await readdir(smsDir)).filter((f) =>
      rows.some((r) => r.channel === 'sms' && f === `${String(r.id).padStart(6, '0')}.json`),
    );
    expect(smsFiles).toHaveLength(2);
  });
});

describe('a reminder whose appointment has begun', () => {
  it('is cancelled instead of sent (the gateway was down past it)', async () => {
    const p = await makePatient(db, { email: 'tarziu@example.ro', phone: '+40722555110' });
    const id = await newAppointment(p.id, '2026-03-13', '10:00'); // 08:00 UTC
    // Nothing was sent until after the start (the worker did not run: the gateway was down).
    clock.at = new Date('2026-03-13T08:00:00Z');
    await worker.runUntilIdle();
    const rows = await rowsOf(id);
    const reminders = rows.filter((r) => r.purpose?.startsWith('reminder:'));
    expect(reminders).toHaveLength(4);
    expect(reminders.every((r) => r.state === 'cancelled' && r.lastError?.startsWith('EXPIRED'))).toBe(true);
    // The confirmation itself still goes.
    expect(rows.filter((r) => r.purpose?.startsWith('scheduled@')).map((r) => r.state)).toEqual([
      'sent',
      'sent',
    ]);
    const files = await readdir(smsDir);
    for (const r of reminders) expect(files).not.toContain(`${String(r.id).padStart(6, '0')}.json`);
  });
});

describe('the SMS files', () => {
  it('every SMS written is GSM-7 and carries no CNP', async () => {
    const files = (await readdir(smsDir)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const { text } = JSON.parse(await readFile(path.join(smsDir, f), 'utf8'));
      expect(isGsm7(text)).toBe(true);
      expect(text).not.toMatch(/\b[1-8]\d{12}\b/);
    }
  });
});
