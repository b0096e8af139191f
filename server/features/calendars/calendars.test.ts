import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentStatuses, appointments } from '../../db/schema';
import {
  makeAppointment,
  makeBooking,
  makePatient,
  makeShortDayCalendar,
  makeStatus,
  makeTimeOff,
} from '../../test/factories';
import { setupClinic, signedInStaff } from '../../test/harness';

const { ctx, db } = await setupClinic();
const staff = await signedInStaff(ctx);
const drA = await signedInStaff(ctx, { firstName: 'Ion', lastName: 'Albu' });
const drB = await signedInStaff(ctx, { firstName: 'Radu', lastName: 'Barbu' });

const cardio = await makeShortDayCalendar(db, 'Cardiologie', {
  unavailable: [
    { from: '2026-03-10', to: '2026-03-11', reason: 'Revizie' },
    { from: '2026-02-26', to: '2026-03-02' },
    { from: '2026-06-08', to: '2026-06-09', reason: 'Curs' },
  ],
});
const remote = await makeShortDayCalendar(db, 'Consultatii la distanta');
const control = await makeStatus(db, { title: 'Control' });
const pt = await makePatient(db, { name: 'Sorina Enache' });
const pt2 = await makePatient(db, { name: 'Vlad Costin' });
const slot = (date: string, time: string, calendarId: number, doctorId: string, patientId = pt.id) =>
  makeBooking(db, { patientId, statusId: control.id, calendarId, date, time, doctorId });

const a1 = await slot('2026-03-03', '09:00', cardio.id, drA.id);
const a2 = await slot('2026-03-04', '10:00', cardio.id, drB.id, pt2.id);
await slot('2026-03-04', '09:00', remote.id, drA.id);
await slot('2026-04-20', '09:00', cardio.id, drA.id); // outside the range asked below
await makeTimeOff(db, drA.id, '2026-02-20', '2026-03-02');
await makeTimeOff(db, drA.id, '2026-03-30', '2026-04-10');
await makeTimeOff(db, drB.id, '2026-03-16', '2026-03-16');

// A busy calendar for the month grid's cap: 12.03 has six appointments, three at 08:00 (the
// cancelled one booked first), 13.03 only a cancelled one, 16.03 two.
const busy = await makeShortDayCalendar(db, 'Ecografie');
const cancelled = await makeStatus(db, { title: 'Anulat de pacient', withoutAppointment: true });
const at = (date: string, time: string, patientId = pt.id, active = true) =>
  makeAppointment(db, {
    patientId,
    date,
    time,
    calendarId: busy.id,
    ...(active ? {} : { status: 'custom' as const, customStatusId: cancelled.id }),
  });
const b2 = await at('2026-03-12', '08:00', pt2.id, false);
const b1 = await at('2026-03-12', '08:00');
const b3 = await at('2026-03-12', '08:00', pt2.id);
const b4 = await at('2026-03-12', '09:00');
const b5 = await at('2026-03-12', '10:00');
const b6 = await at('2026-03-12', '07:30');
const c1 = await at('2026-03-13', '09:00', pt.id, false);
const d1 = await at('2026-03-16', '09:00');
const d2 = await at('2026-03-16', '09:30');
const MARCH = { start: '2026-03-09', end: '2026-03-23' };

const events = (calendarId: number, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/calendars/${calendarId}/appointments`,
    headers: staff.headers,
    payload,
  });

describe('GET /api/calendars', () => {
  it('lists every calendar as {id, title}', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/calendars', headers: staff.headers });
    expect(res.json()).toEqual({
      status: 1,
      data: [
        { id: cardio.id, title: 'Cardiologie' },
        { id: remote.id, title: 'Consultatii la distanta' },
        { id: busy.id, title: 'Ecografie' },
        { id: holter.id, title: 'Holter' },
      ],
    });
  });
});

describe('POST /api/calendars/{calendar_id}/appointments', () => {
  it("gives one calendar's events in the range, with its unavailable days", async () => {
    const res = await events(cardio.id, { start: '2026-03-01', end: '2026-04-05', calendar_id: cardio.id });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.events.map((e: { id: number }) => e.id)).toEqual([a1.id, a2.id]);
    expect(data.events[0]).toMatchObject({
      title: 'Sorina Enache - 09:00',
      start: '2026-03-03T09:00:00',
      end: '2026-03-03T09:45:00',
      status: 'custom',
    });
    // In order, the one begun before the range clipped to it.
    expect(data.unavailable).toEqual([
      { start: '2026-03-01', end: '2026-03-03', reason: null },
      { start: '2026-03-10', end: '2026-03-12', reason: 'Revizie' },
    ]);
    expect(data.timeOff).toEqual([]);
  });

  it('gives the unavailable days of a range without any event too', async () => {
    const res = await events(cardio.id, { date: '2026-06-15' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.events).toEqual([]);
    expect(data.unavailable).toEqual([{ start: '2026-06-08', end: '2026-06-10', reason: 'Curs' }]);
    // A calendar whose range has events and no unavailable day.
    expect((await events(remote.id, MARCH)).json().data.unavailable).toEqual([]);
  });

  it('names each event after its patient as the patient is named now, diacritics included', async () => {
    const renamed = await makePatient(db, { name: 'Stefan Ilie' });
    const appt = await slot('2026-03-05', '09:00', remote.id, drB.id, renamed.id);
    const named = async () =>
      (await events(remote.id, { start: '2026-03-05', end: '2026-03-06' }))
        .json()
        .data.events.map((e: { id: number; patient: string; title: string }) => [e.id, e.patient, e.title]);
    expect(await named()).toEqual([[appt.id, 'Stefan Ilie', 'Stefan Ilie - 09:00']]);
    // Only the diacritics change, so the folded name stays "stefan ilie": the shown one follows.
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      headers: staff.headers,
      payload: {
        patientId: renamed.id,
        name: 'Ștefan Ilie',
        phone: renamed.phone,
        insurance_status: renamed.insuranceStatus,
        state_residency: renamed.stateResidency,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(await named()).toEqual([[appt.id, 'Ștefan Ilie', 'Ștefan Ilie - 09:00']]);
  });

  it("filters by doctor and gives that doctor's time off clipped to the range", async () => {
    const res = await events(cardio.id, { start: '2026-03-01', end: '2026-04-05', doctorId: drA.id });
    const { data } = res.json();
    expect(data.events.map((e: { id: number }) => e.id)).toEqual([a1.id]);
    expect(data.timeOff).toEqual([
      { start: '2026-03-01', end: '2026-03-03' },
      { start: '2026-03-30', end: '2026-04-05' },
    ]);
  });

  it('treats an empty doctor as all doctors and a day as its month grid', async () => {
    const res = await events(cardio.id, { date: '2026-03-20', doctorId: '' });
    const body = res.json();
    expect(body).toMatchObject({ start: '2026-02-23', end: '2026-04-06' });
    expect(body.data.events).toHaveLength(2);
  });

  it('answers 404 for an unknown calendar and 400 without a range', async () => {
    expect((await events(99999, { date: '2026-03-01' })).statusCode).toBe(404);
    const res = await events(cardio.id, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.date).toBe('Trimiteți date (o zi din interval) sau start și end.');
  });
});

describe('the month grid: perDay and includeInactive', () => {
  const ids = (body: { data: { events: { id: number }[] } }) => body.data.events.map((e) => e.id);

  it("keeps each day's first events in display order and counts the others exactly", async () => {
    const res = await events(busy.id, { ...MARCH, perDay: 3 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // By time; at 08:00 the ones that happen before the cancelled one, then as booked.
    expect(ids(body)).toEqual([b6.id, b1.id, b3.id, c1.id, d1.id, d2.id]);
    expect(body.data.more).toEqual([{ date: '2026-03-12', count: 3 }]);
    expect(body.data.counts).toEqual({ active: 7, inactive: 2 });
  });

  it('leaves out the appointments that do not happen on demand, still counting them', async () => {
    const res = await events(busy.id, { ...MARCH, perDay: 3, includeInactive: false });
    const body = res.json();
    expect(ids(body)).toEqual([b6.id, b1.id, b3.id, d1.id, d2.id]);
    expect(body.data.events.every((e: { active: boolean }) => e.active)).toBe(true);
    // 13.03 had only a cancelled appointment: nothing more to show there.
    expect(body.data.more).toEqual([{ date: '2026-03-12', count: 2 }]);
    expect(body.data.counts).toEqual({ active: 7, inactive: 2 });

    const week = (await events(busy.id, { ...MARCH, includeInactive: false })).json();
    expect(ids(week)).toEqual([b6.id, b1.id, b3.id, b4.id, b5.id, d1.id, d2.id]);
    expect(week.data.more).toEqual([]);
  });

  it('answers as before without them: every event, nothing left over', async () => {
    const body = (await events(busy.id, MARCH)).json();
    expect(ids(body)).toEqual([b6.id, b1.id, b3.id, b2.id, b4.id, b5.id, c1.id, d1.id, d2.id]);
    expect(body.data.more).toEqual([]);
    expect(body.data.counts).toEqual({ active: 7, inactive: 2 });
    const roomy = (await events(busy.id, { ...MARCH, perDay: 20 })).json();
    expect(ids(roomy)).toEqual(ids(body));
    expect(roomy.data.more).toEqual([]);
  });

  it('follows the doctor filter in the counts too', async () => {
    const body = (await events(cardio.id, { date: '2026-03-20', doctorId: drA.id, perDay: 1 })).json();
    expect(ids(body)).toEqual([a1.id]);
    expect(body.data.counts).toEqual({ active: 1, inactive: 0 });
    expect(body.data.more).toEqual([]);
  });

  it('refuses a cap outside 1-20 or a flag that is not true/false, in Romanian', async () => {
    for (const perDay of [0, 21, 2.5, '3', null]) {
      const res = await events(busy.id, { ...MARCH, perDay });
      expect(res.statusCode, JSON.stringify(perDay)).toBe(400);
      expect(res.json().errors.perDay).toBe(
        'Programările pe zi (perDay) trebuie să fie un număr întreg între 1 și 20.',
      );
    }
    const res = await events(busy.id, { ...MARCH, includeInactive: 'nu' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.includeInactive).toBe('includeInactive trebuie să fie true sau false.');
  });
});

// The counts come from appointment_day_counts, kept by a trigger: whatever path writes an
// appointment (here plain SQL), the month shows what the appointments say.
const holter = await makeShortDayCalendar(db, 'Holter');
const MAY = { start: '2026-05-04', end: '2026-05-18' };
const month = async (calendarId: number) => (await events(calendarId, { ...MAY, perDay: 1 })).json().data;
const first = await makeAppointment(db, {
  patientId: pt.id,
  date: '2026-05-05',
  time: '09:00',
  calendarId: holter.id,
});
const second = await makeAppointment(db, {
  patientId: pt2.id,
  date: '2026-05-05',
  time: '10:00',
  calendarId: holter.id,
});
const set = (id: number, values: Partial<typeof appointments.$inferInsert>) =>
  db.update(appointments).set(values).where(eq(appointments.id, id));

describe('the month counts follow every write to the appointments', () => {
  it('counts a new appointment, a move to another day and a move to another calendar', async () => {
    expect(await month(holter.id)).toMatchObject({
      counts: { active: 2, inactive: 0 },
      more: [{ date: '2026-05-05', count: 1 }],
    });
    await set(second.id, { selectedDate: '2026-05-07' });
    expect(await month(holter.id)).toMatchObject({ counts: { active: 2, inactive: 0 }, more: [] });
    await set(second.id, { calendarId: busy.id });
    expect((await month(holter.id)).counts).toEqual({ active: 1, inactive: 0 });
    expect((await events(busy.id, MAY)).json().data.counts).toEqual({ active: 1, inactive: 0 });
  });

  it('counts a status that does not happen apart, and follows the status itself changing', async () => {
    await set(first.id, { status: 'custom', customStatusId: cancelled.id });
    expect((await month(holter.id)).counts).toEqual({ active: 0, inactive: 1 });
    await set(first.id, { customStatusId: control.id });
    expect((await month(holter.id)).counts).toEqual({ active: 1, inactive: 0 });
    await db
      .update(appointmentStatuses)
      .set({ withoutAppointment: true })
      .where(eq(appointmentStatuses.id, control.id));
    expect((await month(holter.id)).counts).toEqual({ active: 0, inactive: 1 });
    await db
      .update(appointmentStatuses)
      .set({ withoutAppointment: false })
      .where(eq(appointmentStatuses.id, control.id));
  });

  it('forgets an appointment taken off the calendar or deleted', async () => {
    await set(first.id, { selectedDate: null, selectedTime: null, holdsSlot: false });
    expect(await month(holter.id)).toMatchObject({ counts: { active: 0, inactive: 0 }, events: [] });
    await set(first.id, { selectedDate: '2026-05-06', selectedTime: '09:00' });
    expect((await month(holter.id)).counts).toEqual({ active: 1, inactive: 0 });
    await db.delete(appointments).where(eq(appointments.id, first.id));
    await db.delete(appointments).where(eq(appointments.id, second.id));
    expect(await month(holter.id)).toMatchObject({
      counts: { active: 0, inactive: 0 },
      events: [],
      more: [],
    });
    expect((await events(busy.id, MAY)).json().data.counts).toEqual({ active: 0, inactive: 0 });
  });
});
