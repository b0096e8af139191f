import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentStatuses, appointments } from '../../db/schema';
import {
  makeAppointment,
  makeAuditEvent,
  makeBooking,
  makePatient,
  makeShortDayCalendar,
  makeStatus,
  MONDAY_10_DAY as TODAY,
} from '../../test/factories';
import { type Staff, setupClinic, signedInStaff } from '../../test/harness';

const { ctx, db } = await setupClinic();
const staff = await signedInStaff(ctx, { firstName: 'Maria', lastName: 'Ionescu' });
const doctorName = 'Maria Ionescu';

const cal = await makeShortDayCalendar(db, 'Cabinet 1');
const without = await makeStatus(db, { title: 'Consult telefonic', withoutAppointment: true });
const control = await makeStatus(db, { title: 'Control' });
const pts = await Promise.all(
  ['Ana Pop', 'Bogdan Radu', 'Corina Stan', 'Dan Vlad', 'Elena Matei', 'Florin Dinu', 'Gina Lupu'].map(
    (name) => makePatient(db, { name }),
  ),
);
/** The dashboard calendar's appointments of a range, asked as `who`. */
const calendarRange = (who: Staff, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/dashboard/calendar', headers: who.headers, payload });

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

/** A request of `patient` at 08:00 on `date`, made `minutesAgo` minutes ago. */
const pending = (
  patient: number,
  status: 'request' | 'appointment_request' | 'scheduled_paperless' | 'scheduled_with_papers',
  date: string,
  minutesAgo: number,
  doctorId?: string,
) =>
  makeAppointment(db, {
    patientId: pts[patient].id,
    status,
    date,
    time: '08:00',
    createdAt: at(minutesAgo),
    doctorId,
  });

// Pending: requests and confirmations from today on (4).
const p1 = await pending(0, 'request', TODAY, 40);
const p2 = await pending(1, 'appointment_request', '2026-03-03', 30);
const p3 = await pending(2, 'scheduled_paperless', '2026-03-05', 20, staff.id);
const p4 = await pending(3, 'scheduled_with_papers', '2026-03-09', 10);
// Not pending: a request from yesterday.
await makeAppointment(db, { patientId: pts[4].id, status: 'request', date: '2026-03-01', time: '08:00' });
// Completed: a slot yesterday and a without-appointment status last week (2); a slot today is not.
await makeBooking(db, {
  patientId: pts[4].id,
  statusId: control.id,
  calendarId: cal.id,
  date: '2026-02-27',
  time: '09:00',
});
await makeAppointment(db, {
  patientId: pts[5].id,
  status: 'custom',
  customStatusId: without.id,
  date: '2026-02-24',
  time: '08:00',
});
const today = await makeBooking(db, {
  patientId: pts[5].id,
  statusId: control.id,
  calendarId: cal.id,
  date: TODAY,
  time: '10:00',
  doctorId: staff.id,
});
// Rescheduled: moved from 03.03 to 04.03 by staff (1). Not moved: one set again to the slot it holds.
const moved = await makeBooking(db, {
  patientId: pts[6].id,
  statusId: control.id,
  calendarId: cal.id,
  date: '2026-03-03',
  time: '09:00',
});
/** Staff give the appointment a slot (POST /api/appointment/set-appointment), as the screen does. */
const setSlot = async (id: number, date: string, time: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointment/set-appointment',
    headers: staff.headers,
    payload: {
      appointment_id: id,
      status_id: control.id,
      without_appointment: false,
      calendar_id: cal.id,
      date,
      time,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};
await setSlot(moved.id, '2026-03-04', '09:00');
await setSlot(today.id, TODAY, '10:00');
/** One of the dashboard's figures, as the staff's page receives it. */
const figure = async (name: 'completed' | 'rescheduled') => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: staff.headers });
  return res.json().stats[name] as number;
};
const completed = () => figure('completed');
const rescheduled = () => figure('rescheduled');

describe('GET /api/dashboard', () => {
  it('counts pending, completed and rescheduled by the recorded definitions', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const { status, stats } = res.json();
    expect(status).toBe(1);
    expect({ pending: stats.pending, completed: stats.completed, rescheduled: stats.rescheduled }).toEqual({
      pending: 4,
      completed: 2,
      rescheduled: 1,
    });
  });

  it('lists the pending appointments by date, nearest first, with contact and doctor', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: staff.headers });
    const last = res.json().stats.last_appointments;
    expect(last.map((r: { id: number }) => r.id)).toEqual([p1.id, p2.id, p3.id, p4.id]);
    expect(last[2]).toEqual({
      id: p3.id,
      patient: 'Corina Stan',
      patient_phone: pts[2].phone,
      patient_email: pts[2].email,
      date: '2026-03-05',
      time: '08:00',
      doctor: doctorName,
    });
  });

  it('keeps "completed" as past appointments change, and when a status stops being "without appointment"', async () => {
    const before = await completed();
    // A slot yesterday counts; moved to tomorrow it does not; deleted, nothing is left of it.
    const slot = await makeAppointment(db, {
      patientId: pts[5].id,
      status: 'scheduled',
      date: '2026-03-01',
      time: '09:00',
      calendarId: cal.id,
      holdsSlot: true,
    });
    expect(await completed()).toBe(before + 1);
    // Moved to another calendar the same day, it is still counted once.
    const other = await makeShortDayCalendar(db, 'Cabinet 2');
    await db.update(appointments).set({ calendarId: other.id }).where(eq(appointments.id, slot.id));
    expect(await completed()).toBe(before + 1);
    await db.update(appointments).set({ selectedDate: '2026-03-03' }).where(eq(appointments.id, slot.id));
    expect(await completed()).toBe(before);
    await db.delete(appointments).where(eq(appointments.id, slot.id));
    expect(await completed()).toBe(before);
    // The phone consultation of 24.02 counts through its status; unmarked, it stops counting.
    await db
      .update(appointmentStatuses)
      .set({ withoutAppointment: false })
      .where(eq(appointmentStatuses.id, without.id));
    expect(await completed()).toBe(before - 1);
    await db
      .update(appointmentStatuses)
      .set({ withoutAppointment: true })
      .where(eq(appointmentStatuses.id, without.id));
    expect(await completed()).toBe(before);
  });

  it('does not count a request given its first slot as rescheduled', async () => {
    const before = await rescheduled();
    const request = await makeAppointment(db, {
      patientId: pts[5].id,
      status: 'request',
      date: '2026-03-06',
      time: '08:00',
    });
    await db
      .update(appointments)
      .set({ status: 'scheduled', calendarId: cal.id, selectedTime: '09:00', holdsSlot: true })
      .where(eq(appointments.id, request.id));
    expect(await rescheduled()).toBe(before);
    // Moved from there by staff, it is.
    await setSlot(request.id, '2026-03-06', '10:00');
    expect(await rescheduled()).toBe(before + 1);
    await db.delete(appointments).where(eq(appointments.id, request.id));
  });

  it('counts as rescheduled what the audit log shows was moved before the flag existed (migration 0027)', async () => {
    const before = await rescheduled();
    const old = await makeAppointment(db, {
      patientId: pts[5].id,
      status: 'custom',
      customStatusId: control.id,
      date: '2026-03-10',
      time: '09:00',
      calendarId: cal.id,
      holdsSlot: true,
    });
    // Given another slot first, as the appointments feature records it.
    await makeAuditEvent(db, {
      action: 'appointment.create',
      entityType: 'appointment',
      entityId: String(old.id),
      details: { calendarId: cal.id, date: '2026-03-09', time: '09:00' },
    });
    expect(await rescheduled()).toBe(before);
    await db.execute(sql`select appointment_moved_rebuild()`);
    expect(await rescheduled()).toBe(before + 1);
    await db.delete(appointments).where(eq(appointments.id, old.id));
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/dashboard/calendar', () => {
  it('gives the appointments of a range as events, ending where their availability entry ends', async () => {
    const res = await calendarRange(staff, { start: '2026-03-02', end: '2026-03-05' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.appointments.map((e: { id: number }) => e.id)).toEqual([p1.id, today.id, p2.id, moved.id]);
    const slot = body.appointments.find((e: { id: number }) => e.id === today.id);
    expect(slot).toMatchObject({
      title: 'Florin Dinu - 10:00',
      start: '2026-03-02T10:00:00',
      end: '2026-03-02T10:20:00',
      status: 'custom',
      status_title: 'Control',
      doctor: doctorName,
      calendar: 'Cabinet 1',
    });
    // No availability entry for a request at 08:00: 30 minutes.
    expect(body.appointments[0]).toMatchObject({ start: '2026-03-02T08:00:00', end: '2026-03-02T08:30:00' });
  });

  it('takes any day of the month as the six-week grid around it', async () => {
    const res = await calendarRange(staff, { date: '2026-03-17' });
    const body = res.json();
    expect(body).toMatchObject({ start: '2026-02-23', end: '2026-04-06' });
    // Nine events; the one with a status "without appointment" (24.02) is drawn but not counted.
    expect(body.appointments).toHaveLength(9);
    expect(body.count).toBe(8);
    const closed = body.appointments.filter((e: { active: boolean }) => !e.active);
    expect(closed).toMatchObject([{ start: '2026-02-24T08:00:00', status_title: 'Consult telefonic' }]);
  });

  it('caps the month grid per day as the calendars do, with the same exact counts', async () => {
    const res = await calendarRange(staff, { date: '2026-03-17', perDay: 1, includeInactive: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const days = body.appointments.map((e: { start: string }) => e.start.slice(0, 10));
    expect(new Set(days).size).toBe(days.length); // one a day at most
    expect(body.appointments.every((e: { active: boolean }) => e.active)).toBe(true);
    // The eight that happen: those sent and those left for their day.
    const left = body.more.reduce((n: number, m: { count: number }) => n + m.count, 0);
    expect(body.appointments.length + left).toBe(8);
    expect(body.count).toBe(8);
    expect(body.counts).toEqual({ active: 8, inactive: 1 });
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await calendarRange(staff, { start: '2026-03-05', end: '2026-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.end).toBe('Sfârșitul intervalului trebuie să fie după începutul lui.');
  });
});

describe('GET /api/dashboard/weekly', () => {
  it('counts per week and status for 8 weeks back and 8 ahead', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/weekly', headers: staff.headers });
    const { currentWeek, weeks } = res.json();
    expect(currentWeek).toBe(TODAY);
    expect(weeks).toHaveLength(16);
    expect(weeks[0].week).toBe('2026-01-05');
    const thisWeek = weeks.find((w: { week: string }) => w.week === TODAY);
    expect(thisWeek).toMatchObject({ request: 1, appointment_request: 1, scheduled_paperless: 1, custom: 2 });
    const lastWeek = weeks.find((w: { week: string }) => w.week === '2026-02-23');
    expect(lastWeek).toMatchObject({ request: 1, custom: 2 });
  });
});
