import { describe, expect, it } from 'vitest';
import {
  MONDAY_10,
  makeAppointment,
  makeCalendar,
  makePatient,
  makeStatus,
  makeTimeOff,
  movableClock,
  SHORT_DAY_ENTRIES,
} from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';

const clock = movableClock(MONDAY_10);

const ctx = await setupTestApp({ clock });
const { db } = ctx.database;
const staff = await signedInStaff(ctx);
const drA = await signedInStaff(ctx, { firstName: 'Ion', lastName: 'Albu' });
const drB = await signedInStaff(ctx, { firstName: 'Radu', lastName: 'Barbu' });

const cardio = await makeCalendar(db, {
  title: 'Cardiologie',
  entries: SHORT_DAY_ENTRIES,
  unavailable: [{ from: '2026-03-10', to: '2026-03-11', reason: 'Revizie' }],
});
const remote = await makeCalendar(db, { title: 'Consultatii la distanta', entries: SHORT_DAY_ENTRIES });
const control = await makeStatus(db, { title: 'Control' });
const pt = await makePatient(db, { name: 'Sorina Enache' });
const pt2 = await makePatient(db, { name: 'Vlad Costin' });
const slot = (date: string, time: string, calendarId: number, doctorId: string, patientId = pt.id) =>
  makeAppointment(db, {
    patientId,
    status: 'custom',
    customStatusId: control.id,
    date,
    time,
    calendarId,
    doctorId,
    holdsSlot: true,
  });

const a1 = await slot('2026-03-03', '09:00', cardio.id, drA.id);
const a2 = await slot('2026-03-04', '10:00', cardio.id, drB.id, pt2.id);
await slot('2026-03-04', '09:00', remote.id, drA.id);
await slot('2026-04-20', '09:00', cardio.id, drA.id); // outside the range asked below
await makeTimeOff(db, drA.id, '2026-02-20', '2026-03-02');
await makeTimeOff(db, drA.id, '2026-03-30', '2026-04-10');
await makeTimeOff(db, drB.id, '2026-03-16', '2026-03-16');

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
    expect(data.unavailable).toEqual([{ start: '2026-03-10', end: '2026-03-12', reason: 'Revizie' }]);
    expect(data.timeOff).toEqual([]);
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
