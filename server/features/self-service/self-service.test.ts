/**
 * The patient's self-service link (issue 15): what the page shows (and does not), confirming,
 * asking for another date, cancelling until the notice (the slot free at once, reminders
 * dropped, a public request's day place given back once), and the tokens that open nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinicInstant } from '../../../domain/dates';
import { appointments, auditEvents, outbox, registrationDays } from '../../db/schema';
import { insertMessagesOnce } from '../../platform/outbox';
import {
  MONDAY_10,
  makeAppointment,
  makeCalendar,
  makePatient,
  makePublicCalendar,
  makeRegistrationDay,
  makeStatus,
} from '../../test/factories';
import { setupClinic, signedInStaff } from '../../test/harness';
import { selfServiceUrl } from './links';

/** Monday 2 March 2026, 10:00 in Bucharest: the server's "now", moved by the tests. */
const START = MONDAY_10;
const { ctx, db, clock } = await setupClinic({
  at: START,
  env: {
    SELF_SERVICE_CANCEL_HOURS: '24',
    INSTITUTE_PHONE: '021 318 00 00',
    INSTITUTE_WHATSAPP_NUMBER: '0721 000 111',
  },
});
const { config } = ctx.app.deps;
const keys = { secret: config.authSecret, publicUrl: config.publicUrl };
const calendar = await makeCalendar(db, { title: 'Cabinet cardiologie 2' });
const doctor = await signedInStaff(ctx, {
  doctor: true,
  role: 'doctor',
  firstName: 'Ana',
  lastName: 'Doctor',
});

async function booked(date: string, time = '10:00') {
  const patient = await makePatient(db, { name: 'Elena Popescu' });
  const a = await makeAppointment(db, {
    patientId: patient.id,
    status: 'scheduled_paperless',
    doctorId: doctor.id,
    slot: { calendarId: calendar.id, date, time },
  });
  const url = await selfServiceUrl(db, keys, a.id);
  return { a, patient, token: url!.split('/p/')[1], url: url! };
}

let ip = 0;
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/self-service/${url}`, payload, remoteAddress: `10.9.0.${++ip % 250}` });

describe('the self-service page of an appointment', () => {
  it('shows date, time, place, doctor and status, and nothing about the patient', async () => {
    clock.at = START;
    const { token, url, patient } = await booked('2026-03-04');
    expect(url).toBe(`${config.publicUrl}/p/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await call('GET', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 1,
      phone: '021 318 00 00',
      calling_number: null,
      appointment: {
        date: '2026-03-04',
        time: '10:00',
        calendar: 'Cabinet cardiologie 2',
        doctor: 'Ana Doctor',
        status: expect.any(String),
        cancelled: false,
        can_cancel: true,
        cancel_until: clinicInstant('2026-03-03', '10:00').toISOString(),
        attendance_confirmed: false,
        reschedule_requested: false,
        remote: false,
      },
    });
    expect(res.body).not.toContain(patient.cnp);
    expect(res.body).not.toContain(patient.name);
    const [seen] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'self-service.view'));
    expect(seen).toMatchObject({ actorId: null, patientId: patient.id });
  });

  it('a remote consultation: the page says so, gives the number that will call and confirms availability on the phone (issue 54)', async () => {
    clock.at = START;
    const remote = await makeCalendar(db, { title: 'Consultatii telefonice', remote: true });
    const patient = await makePatient(db);
    const a = await makeAppointment(db, {
      patientId: patient.id,
      status: 'scheduled_paperless',
      slot: { calendarId: remote.id, date: '2026-03-12', time: '11:00' },
    });
    const token = (await selfServiceUrl(db, keys, a.id))!.split('/p/')[1];
    const page = await call('GET', token);
    expect(page.json()).toMatchObject({
      calling_number: '0721 000 111',
      phone: '021 318 00 00',
      appointment: { remote: true, calendar: 'Consultatii telefonice' },
    });
    const confirmed = await call('POST', `${token}/confirm`);
    expect(confirmed.json()).toMatchObject({
      message: 'Vă mulțumim! Ați confirmat că sunteți disponibil la telefon.',
      appointment: { remote: true, attendance_confirmed: true },
    });
    // A visit's page stays worded for a visit.
    const visit = await booked('2026-03-12', '16:00');
    expect((await call('POST', `${visit.token}/confirm`)).json()).toMatchObject({
      message: 'Vă mulțumim! Prezența dumneavoastră a fost confirmată.',
      calling_number: null,
      appointment: { remote: false },
    });
  });

  it('records one view a day of each appointment, however often the page is opened (issue 54)', async () => {
    clock.at = START;
    const { a, token } = await booked('2026-03-09');
    const views = () =>
      db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'self-service.view'), eq(auditEvents.entityId, String(a.id))));
    for (let i = 0; i < 5; i++) expect((await call('GET', token)).statusCode).toBe(200);
    expect(await views()).toHaveLength(1);
    // The row's time is the database's: yesterday's view does not count today.
    await db
      .update(auditEvents)
      .set({ at: sql`${auditEvents.at} - interval '1 day'` })
      .where(and(eq(auditEvents.action, 'self-service.view'), eq(auditEvents.entityId, String(a.id))));
    for (let i = 0; i < 3; i++) expect((await call('GET', token)).statusCode).toBe(200);
    expect(await views()).toHaveLength(2);
  });

  it('confirms attendance and records a request for another date that staff see', async () => {
    clock.at = START;
    const { a, token } = await booked('2026-03-05');
    const ok = await call('POST', `${token}/confirm`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Vă mulțumim! Prezența dumneavoastră a fost confirmată.',
      appointment: { attendance_confirmed: true },
    });
    const empty = await call('POST', `${token}/reschedule-request`, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ note: 'Scrieți pe scurt ce dată sau ce interval v-ar conveni.' });
    const hidden = await call('POST', `${token}/reschedule-request`, { note: 'Aș prefera \u202eluni' });
    expect(hidden.json().errors).toEqual({ note: 'Textul nu poate conține caractere invizibile.' });
    const long = await call('POST', `${token}/reschedule-request`, { note: 'x'.repeat(501) });
    expect(long.json().errors).toEqual({ note: 'Cel mult 500 de caractere.' });
    const asked = await call('POST', `${token}/reschedule-request`, { note: 'Aș prefera după ora 14.' });
    expect(asked.json()).toMatchObject({
      message: 'Cererea a fost trimisă. Vă vom contacta pentru o nouă dată.',
      appointment: { reschedule_requested: true, attendance_confirmed: true },
    });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row.rescheduleNote).toBe('Aș prefera după ora 14.');
    expect(row.rescheduleRequestedAt).toEqual(START);
    expect(row.holdsSlot).toBe(true);
    const actions = (
      await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(a.id)))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['self-service.confirm', 'self-service.reschedule']));
  });

  it("a move by staff ends the patient's answers about the old day, kept in the history (issue 54)", async () => {
    clock.at = START;
    const staff = await signedInStaff(ctx, { role: 'admin' });
    const control = await makeStatus(db, { title: 'Control mutat' });
    const patient = await makePatient(db, { name: 'Ioana Mutată' });
    const a = await makeAppointment(db, {
      patientId: patient.id,
      status: 'scheduled_with_papers',
      doctorId: doctor.id,
      slot: { calendarId: calendar.id, date: '2026-03-05', time: '12:00' },
    });
    const token = (await selfServiceUrl(db, keys, a.id))!.split('/p/')[1];
    expect((await call('POST', `${token}/confirm`)).statusCode).toBe(200);
    expect((await call('POST', `${token}/reschedule-request`, { note: 'După ora 14.' })).statusCode).toBe(
      200,
    );
    const move = (time: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/appointment/set-appointment',
        headers: staff.headers,
        payload: {
          appointment_id: a.id,
          status_id: control.id,
          calendar_id: calendar.id,
          date: '2026-03-06',
          time,
        },
      });
    const moved = await move('11:00');
    expect(moved.statusCode, moved.body).toBe(200);
    // Staff see neither "Prezență confirmată" nor "Cere altă dată" for a day the patient never answered about.
    const detail = await ctx.app.inject({ url: `/api/appointment/${a.id}`, headers: staff.headers });
    expect(detail.json().appointment).toMatchObject({
      patient_confirmed: false,
      reschedule_requested: false,
      patient_actions: { attendance_confirmed_at: null, reschedule_requested_at: null },
    });
    const page = await call('GET', token);
    expect(page.json().appointment).toMatchObject({
      date: '2026-03-06',
      attendance_confirmed: false,
      reschedule_requested: false,
    });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'appointment.set-status'), eq(auditEvents.entityId, String(a.id))));
    expect(audit.details).toMatchObject({
      answersEnded: {
        attendanceConfirmedAt: START.toISOString(),
        rescheduleRequestedAt: START.toISOString(),
      },
    });
    // The patient confirms the new day; a status change on the same day keeps that answer.
    expect((await call('POST', `${token}/confirm`)).json().appointment.attendance_confirmed).toBe(true);
    expect((await move('11:00')).statusCode).toBe(200);
    expect((await call('GET', token)).json().appointment.attendance_confirmed).toBe(true);
  });

  it('cancels until the notice: the slot is free at once and waiting reminders are dropped', async () => {
    clock.at = START;
    const { a, token, patient } = await booked('2026-03-06', '09:30');
    const [reminder] = await insertMessagesOnce(db, [
      {
        channel: 'email',
        to: 'elena@example.ro',
        subject: 'Reamintire',
        text: 'Mâine',
        appointmentId: a.id,
        purpose: 'reminder:24',
        notBefore: addHours(clinicInstant('2026-03-06', '09:30'), -24),
      },
    ]);
    const res = await call('POST', `${token}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Programarea a fost anulată. Locul a fost eliberat pentru alți pacienți.',
      appointment: { cancelled: true, can_cancel: false, status: 'Anulat de pacient', date: '2026-03-06' },
    });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row).toMatchObject({ holdsSlot: false, cancelledBy: 'patient', cancelledAt: START });
    // Another patient can book that very slot now (the database's slot constraint decides).
    const other = await makePatient(db);
    await makeAppointment(db, {
      patientId: other.id,
      status: 'scheduled_paperless',
      slot: { calendarId: calendar.id, date: '2026-03-06', time: '09:30' },
    });
    const [waiting] = await db.select().from(outbox).where(eq(outbox.id, reminder));
    expect(waiting.state).toBe('cancelled');
    const again = await call('POST', `${token}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Programarea este deja anulată.');
    const [trail] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'self-service.cancel'), eq(auditEvents.patientId, patient.id)));
    expect(trail.entityId).toBe(String(a.id));
  });

  it('does not cancel within the notice, and says to phone', async () => {
    const { a, token } = await booked('2026-03-09', '11:00');
    clock.at = clinicInstant('2026-03-08', '11:30'); // 23.5 hours before
    const page = await call('GET', token);
    expect(page.json()).toMatchObject({
      appointment: { can_cancel: false, cancel_until: null },
      phone: '021 318 00 00',
    });
    const res = await call('POST', `${token}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Programarea nu mai poate fi anulată online atât de aproape de data ei. Vă rugăm să sunați la institut la 021 318 00 00.',
    );
    const [row] = await db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row.holdsSlot).toBe(true);
    clock.at = START;
  });

  it("gives a public request's day place back once, even when staff delete it later", async () => {
    clock.at = START;
    const pub = await makePublicCalendar(db);
    const patient = await makePatient(db);
    const day = '2026-03-10';
    await makeRegistrationDay(db, pub.id, day, 1);
    const req = await makeAppointment(db, {
      patientId: patient.id,
      status: 'request',
      publicRequest: true,
      calendarId: pub.id,
      selectedDate: day,
      selectedTime: '08:00',
    });
    const token = (await selfServiceUrl(db, keys, req.id))!.split('/p/')[1];
    expect((await call('POST', `${token}/cancel`)).statusCode).toBe(200);
    const places = async () =>
      (await db.select().from(registrationDays).where(eq(registrationDays.calendarId, pub.id)))[0].count;
    expect(await places()).toBe(0);
    await db.update(registrationDays).set({ count: 1 }).where(eq(registrationDays.calendarId, pub.id));
    const staff = await signedInStaff(ctx);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/appointment/${req.id}`,
      headers: staff.headers,
    });
    expect(del.statusCode).toBe(200);
    // The other patient who took the place meanwhile keeps it.
    expect(await places()).toBe(1);
    // The deleted appointment's link opens nothing.
    expect((await call('GET', token)).statusCode).toBe(404);
  });

  it('answers 404 with a Romanian message to wrong, malformed and expired tokens', async () => {
    clock.at = START;
    const { token } = await booked('2026-03-03');
    const message =
      'Linkul nu este valabil: poate fi greșit copiat, programarea a trecut sau a fost ștearsă. Pentru ajutor, sunați la institut la 021 318 00 00.';
    const wrong = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const t of [wrong, 'abc', `${token}x`]) {
      const res = await call('GET', t);
      expect(res.statusCode, t).toBe(404);
      expect(res.json()).toEqual({ status: 0, message });
    }
    // Valid through the appointment's day, not after it.
    clock.at = clinicInstant('2026-03-03', '23:30');
    expect((await call('GET', token)).statusCode).toBe(200);
    clock.at = clinicInstant('2026-03-04', '00:30');
    expect((await call('GET', token)).statusCode).toBe(404);
    expect((await call('POST', `${token}/confirm`)).statusCode).toBe(404);
    clock.at = START;
  });

  it('limits guesses per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++)
      codes.push(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/self-service/${'A'.repeat(43)}`,
            remoteAddress: '10.8.8.8',
          })
        ).statusCode,
      );
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });
});

function addHours(d: Date, h: number) {
  return new Date(d.getTime() + h * 3_600_000);
}
