import { beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import { outbox } from '../../db/schema';
import { MONDAY_10_DAY, makeBooking, makeCalendar, makeTimeOff } from '../../test/factories';
import { setupWorkflow } from './test/workflow';

const TODAY = MONDAY_10_DAY;
const { ctx, db, staff, drA, drB, calId, control, cancelled, patient, post, row, actions } =
  await setupWorkflow();

/** The patient's Control appointment holding a slot of `calendarId`. */
const controlSlot = (calendarId: number, date: string, time: string) =>
  makeBooking(db, { patientId: patient.id, statusId: control, calendarId, date, time });

// The slot a confirmed request holds once it got its custom status (see workflow-status.test.ts).
beforeAll(async () => {
  await controlSlot(calId, '2026-03-04', '09:30');
});

describe('assign-doctor', () => {
  it('assigns, refuses time off and a second slot for the same doctor at the same time', async () => {
    const cal2 = (await makeCalendar(db, { title: 'Cabinet 2' })).id;
    const a = (await controlSlot(calId, '2026-03-05', '10:00')).id;
    const b = (await controlSlot(cal2, '2026-03-05', '10:00')).id;
    const assign = (appointmentId: number, doctor_id: string) =>
      post('assign-doctor', { appointmentId, doctor_id });
    expect((await assign(a, drA.id)).json()).toEqual({ status: 1, message: APPOINTMENT_MESSAGES.assigned });
    expect((await row(a)).doctorId).toBe(drA.id);
    const clash = await assign(b, drA.id);
    expect([clash.statusCode, clash.json().message]).toEqual([409, APPOINTMENT_MESSAGES.doctorSlotTaken]);
    expect((await row(b)).doctorId).toBeNull();
    await makeTimeOff(db, drB.id, '2026-03-05', '2026-03-06');
    const away = await assign(b, drB.id);
    expect([away.statusCode, away.json().message]).toEqual([409, APPOINTMENT_MESSAGES.doctorTimeOff]);
    expect((await assign(b, staff.id)).json().errors).toEqual({
      doctor_id: APPOINTMENT_MESSAGES.doctorNotFound,
    });
    expect((await assign(b, '')).json().errors).toEqual({ doctor_id: 'Required' });
    expect((await assign(999999, drA.id)).statusCode).toBe(404);
    expect((await actions('appointment.assign-doctor')).map((e) => e.details)).toEqual([
      { from: null, to: drA.id },
    ]);
  });
});

describe('new-appointment', () => {
  it('creates a scheduled appointment with a custom status holding the slot, e-mails and audits', async () => {
    const res = await post('new-appointment', {
      doctor_id: drA.id,
      patient_id: patient.id,
      status_id: control,
      calendar_id: calId,
      date: '2026-03-11',
      time: '11:00',
    });
    expect(res.json()).toMatchObject({ status: 1, message: APPOINTMENT_MESSAGES.created });
    const created = await row(res.json().id);
    expect(created).toMatchObject({
      status: 'scheduled',
      customStatusId: control,
      doctorId: drA.id,
      calendarId: calId,
      selectedDate: '2026-03-11',
      selectedTime: '11:00:00',
      holdsSlot: true,
    });
    const [mail] = (await db.select().from(outbox)).filter(
      (m) => m.channel === 'email' && m.purpose === 'scheduled@2026-03-11T11:00',
    );
    expect(mail.text).toContain('11.03.2026');
    expect((await actions('appointment.create'))[0]).toMatchObject({
      actorId: staff.id,
      patientId: patient.id,
    });
    const again = await post('new-appointment', {
      doctor_id: drB.id,
      patient_id: patient.id,
      status_id: control,
      calendar_id: calId,
      date: '2026-03-11',
      time: '11:00',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, APPOINTMENT_MESSAGES.slotTaken]);
  });

  it('needs no slot for a without_appointment status and holds none', async () => {
    const res = await post('new-appointment', {
      doctor_id: drA.id,
      patient_id: patient.id,
      status_id: cancelled,
    });
    expect(await row(res.json().id)).toMatchObject({
      status: 'scheduled',
      customStatusId: cancelled,
      holdsSlot: false,
      selectedDate: null,
    });
  });

  it('refuses missing fields, unknown references and the doctor time off', async () => {
    const bad = await post('new-appointment', { doctor_id: '', calendar_id: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['doctor_id', 'patient_id', 'status_id']);
    const noSlot = await post('new-appointment', {
      doctor_id: drA.id,
      patient_id: patient.id,
      status_id: control,
    });
    expect(noSlot.json().errors).toEqual({ calendar_id: 'Required', date: 'Required', time: 'Required' });
    const ghost = await post('new-appointment', {
      doctor_id: drA.id,
      patient_id: 999999,
      status_id: cancelled,
    });
    expect(ghost.json().errors).toEqual({ patient_id: APPOINTMENT_MESSAGES.patientNotFound });
    const off = await post('new-appointment', {
      doctor_id: drB.id,
      patient_id: patient.id,
      status_id: control,
      calendar_id: calId,
      date: '2026-03-06',
      time: '09:00',
    });
    expect([off.statusCode, off.json().message]).toEqual([409, APPOINTMENT_MESSAGES.doctorTimeOff]);
  });
});

describe('GET /api/appointment/calendar/:id/availability', () => {
  it('answers unavailable days (with the doctor time off), weekly entries and the slots taken', async () => {
    const url = (q: string) => `/api/appointment/calendar/${calId}/availability?${q}`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: url(`date=2026-03-04&doctor_id=${drB.id}`),
      headers: staff.headers,
    });
    const { data } = res.json();
    expect(data.unavailableDays).toEqual(['2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10']);
    expect(data.availability).toHaveLength(30);
    expect(data.availability[0]).toEqual({ day: 'monday', weekday: 1, from: '09:00', to: '09:30' });
    expect(data.appointments).toEqual([{ selected_date: '2026-03-04', selected_time: '09:30' }]);
    const month = (
      await ctx.app.inject({ method: 'GET', url: url('date=2026-03'), headers: staff.headers })
    ).json().data;
    expect(month.unavailableDays).toEqual(['2026-03-09', '2026-03-10']);
    expect(month.appointments.map((a: { selected_date: string }) => a.selected_date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-11',
    ]);
    const none = (await ctx.app.inject({ method: 'GET', url: url(''), headers: staff.headers })).json().data;
    expect(none.appointments).toEqual([]);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointment/calendar/99999/availability',
      headers: staff.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(TODAY).toBe('2026-03-02');
  });
});
