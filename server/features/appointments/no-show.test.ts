/**
 * No-shows and the 48-hour promise (issue 15): "Neprezentat" only after the appointment's time and
 * only by its own action; the built-in statuses cannot be deleted; the dashboard's no-show rates
 * per doctor and calendar (with and without a confirmed attendance); requests unanswered for 36 h
 * on the dashboard and as a list filter.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/dates';
import { appointmentStatuses, appointments } from '../../db/schema';
import { MONDAY_10, makeAppointment, makeCalendar, makePatient, makeStatus } from '../../test/factories';
import { setupClinic, signedInStaff } from '../../test/harness';

const { ctx, db, clock } = await setupClinic(); // Monday 2 March 2026, 10:00 in Bucharest
const admin = await signedInStaff(ctx, {
  role: 'superadmin',
  superadmin: true,
  firstName: 'Ana',
  lastName: 'Admin',
});
const doctorA = await signedInStaff(ctx, { doctor: true, firstName: 'Radu', lastName: 'Ionescu' });
const doctorB = await signedInStaff(ctx, { doctor: true, firstName: 'Elena', lastName: 'Pop' });
const cardio = await makeCalendar(db, { title: 'Cardiologie' });
const echo = await makeCalendar(db, { title: 'Ecografie' });
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, headers: admin.headers, payload });
const get = (url: string, query?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers: admin.headers, query });

async function slotAppointment(o: {
  date: string;
  time?: string;
  doctorId?: string;
  calendarId?: number;
  confirmed?: boolean;
}) {
  const patient = await makePatient(db);
  return makeAppointment(db, {
    patientId: patient.id,
    status: 'scheduled_with_papers',
    doctorId: o.doctorId ?? doctorA.id,
    attendanceConfirmedAt: o.confirmed ? new Date('2026-02-01T10:00:00Z') : null,
    slot: { calendarId: o.calendarId ?? cardio.id, date: o.date, time: o.time ?? '09:00' },
  });
}

describe('Neprezentat', () => {
  it('is refused before the appointment time and set after it', async () => {
    const a = await slotAppointment({ date: '2026-03-02', time: '11:00' });
    const early = await post('appointment/no-show', { appointment_id: a.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Neprezentarea se poate marca doar după ora programării.');
    clock.at = new Date('2026-03-02T09:05:00Z'); // 11:05 in Bucharest
    const ok = await post('appointment/no-show', { appointment_id: a.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Programarea a fost marcată ca neprezentare.');
    const detail = (await get(`appointment/${a.id}`)).json().appointment;
    expect(detail.apstatus.title).toBe('Neprezentat');
    expect(detail.holds_slot).toBe(true);
    clock.at = MONDAY_10;
  });

  it('needs a slot, and is not offered among the statuses of the pickers', async () => {
    const patient = await makePatient(db);
    const request = await makeAppointment(db, { patientId: patient.id, status: 'request' });
    const res = await post('appointment/no-show', { appointment_id: request.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Doar o programare cu dată, oră și loc poate fi marcată ca neprezentare.',
    );
    const [noShow] = await db
      .select()
      .from(appointmentStatuses)
      .where(eq(appointmentStatuses.builtin, 'no_show'));
    const pickers = (await get('appointment/new-appointment'))
      .json()
      .data.statuses.map((s: { id: number }) => s.id);
    expect(pickers).not.toContain(noShow.id);
    // ...nor through the set-status path, where the time rule would not hold.
    const a = await slotAppointment({ date: '2026-03-20' });
    const viaSet = await post('appointment/set-appointment', {
      appointment_id: a.id,
      status_id: noShow.id,
      calendar_id: cardio.id,
      date: '2026-03-20',
      time: '09:00',
    });
    expect(viaSet.statusCode).toBe(409);
    expect(viaSet.json().message).toBe(
      'Statusul „Neprezentat” se pune cu acțiunea „Neprezentat”, după ora programării.',
    );
  });

  it('the built-in statuses can be renamed but not deleted', async () => {
    const builtins = await db
      .select()
      .from(appointmentStatuses)
      .where(eq(appointmentStatuses.title, 'Neprezentat'));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/statuses/${builtins[0].id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('nu poate fi șters; îl puteți redenumi');
    const own = await makeStatus(db, { title: 'Temporar' });
    const delOwn = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/statuses/${own.id}`,
      headers: admin.headers,
    });
    expect(delOwn.statusCode).toBe(200);
  });
});

describe('the journey figures on the dashboard', () => {
  it('no-show rates of the last 90 days per doctor and calendar, with and without a confirmation', async () => {
    clock.at = new Date('2026-03-30T08:00:00Z'); // Monday 30 March, 11:00
    const day = (n: number) => addDays('2026-03-30', -n);
    const noShowId = (
      await db.select().from(appointmentStatuses).where(eq(appointmentStatuses.builtin, 'no_show'))
    )[0].id;
    const markNoShow = async (id: number) => {
      const r = await post('appointment/no-show', { appointment_id: id });
      expect(r.statusCode).toBe(200);
    };
    // Doctor B, Ecografie: 4 appointments, 2 no-shows (one of them had confirmed), 1 confirmed who came.
    const b = [
      await slotAppointment({ date: day(3), doctorId: doctorB.id, calendarId: echo.id }),
      await slotAppointment({ date: day(4), doctorId: doctorB.id, calendarId: echo.id, confirmed: true }),
      await slotAppointment({ date: day(5), doctorId: doctorB.id, calendarId: echo.id, confirmed: true }),
      await slotAppointment({ date: day(6), doctorId: doctorB.id, calendarId: echo.id }),
    ];
    await markNoShow(b[0].id);
    await markNoShow(b[1].id);
    // Outside the window, or still to come: not counted.
    await slotAppointment({ date: day(91), doctorId: doctorB.id, calendarId: echo.id });
    await slotAppointment({ date: day(-2), doctorId: doctorB.id, calendarId: echo.id });
    const res = await get('dashboard/journey');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.window).toEqual({ from: day(90), to: '2026-03-30' });
    const docB = body.no_show.by_doctor.find((g: { id: string }) => g.id === doctorB.id);
    expect(docB).toEqual({
      id: doctorB.id,
      name: 'Elena Pop',
      total: 4,
      no_shows: 2,
      confirmed_total: 2,
      confirmed_no_shows: 1,
    });
    const ecografie = body.no_show.by_calendar.find((g: { id: number }) => g.id === echo.id);
    expect(ecografie).toMatchObject({ name: 'Ecografie', total: 4, no_shows: 2 });
    // Overall includes the earlier test's no-show on 2 March (Cardiologie, doctor A).
    const all = await db.select().from(appointments).where(eq(appointments.customStatusId, noShowId));
    expect(body.no_show.overall.no_shows).toBe(all.length);
    expect(body.no_show.by_doctor[0].id).toBe(doctorB.id); // highest rate first
    clock.at = MONDAY_10;
  });

  it('surfaces public requests unanswered for 36 hours, and the list filters them', async () => {
    clock.at = new Date('2026-04-06T08:00:00Z'); // Monday 6 April, 11:00
    const patient = await makePatient(db, { name: 'Ioana Termen' });
    const old = await makeAppointment(db, {
      patientId: patient.id,
      status: 'request',
      publicRequest: true,
      calendarId: cardio.id,
      selectedDate: '2026-04-03', // a day already gone: still unanswered
      selectedTime: '08:00',
      createdAt: new Date('2026-04-04T20:00:00Z'), // 36 h before is 2026-04-04T20:00Z
    });
    const fresh = await makeAppointment(db, {
      patientId: (await makePatient(db, { name: 'Ioana Proaspat' })).id,
      status: 'request',
      publicRequest: true,
      calendarId: cardio.id,
      selectedDate: '2026-04-08',
      selectedTime: '08:00',
      createdAt: new Date('2026-04-05T09:00:00Z'),
    });
    const figures = (await get('dashboard/journey')).json();
    expect(figures.near_deadline).toEqual({ count: 1, hours: 36 });
    const list = await get('appointment', { filters: JSON.stringify({ near_deadline: true }) });
    expect(list.statusCode).toBe(200);
    const ids = list.json().appointments.map((a: { id: number }) => a.id);
    expect(ids).toEqual([old.id]);
    expect(ids).not.toContain(fresh.id);
    // Answered (confirmed): no longer near the deadline.
    await post('appointment/confirm', { appointment_id: old.id, status: 'scheduled_paperless' });
    expect((await get('dashboard/journey')).json().near_deadline.count).toBe(0);
    clock.at = MONDAY_10;
  });
});
