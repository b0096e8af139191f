import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import { appointments, auditEvents, registrationDays } from '../../db/schema';
import {
  MONDAY_10,
  MONDAY_10_DAY,
  makeAppointment,
  makeCalendar,
  makePatient,
  makeRegistrationDay,
  makeStatus,
  makeTimeOff,
  movableClock,
  nextCnp,
} from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';

const clock = movableClock(MONDAY_10);
const TODAY = MONDAY_10_DAY;

const ctx = await setupTestApp({ clock });
const db = ctx.database.db;
let staff: Staff;
let doctor: Staff;

const get = (url: string, s: Staff = staff) => ctx.app.inject({ method: 'GET', url, headers: s.headers });
const list = (q: Record<string, string | number | boolean> = {}) =>
  get(`/api/appointment?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

let calId: number;
let ana: Awaited<ReturnType<typeof makePatient>>;
let ids: Record<string, number> = {};

beforeAll(async () => {
  staff = await signedInStaff(ctx, { superadmin: true, doctor: false, firstName: 'Sef', lastName: 'Admin' });
  doctor = await signedInStaff(ctx, { doctor: true, firstName: 'Ion', lastName: 'Ionescu' });
  const cal = await makeCalendar(db, { title: 'Cabinet 1' });
  calId = cal.id;
  const st = await makeStatus(db, { title: 'Control' });
  // A birth date of her own: the CNP filter below finds her by its first seven digits.
  ana = await makePatient(db, {
    name: 'Ană Ștefănescu',
    cnp: nextCnp('1962-07-21', 'F'),
    phone: '+40722111222',
    gpName: 'Dr. Pop',
  });
  const bob = await makePatient(db, { name: 'Bogdan Marin', email: null });
  ids = {
    yesterday: (
      await makeAppointment(db, { patientId: ana.id, status: 'request', date: '2026-03-01', time: '08:00' })
    ).id,
    todayEarly: (
      await makeAppointment(db, { patientId: bob.id, status: 'request', date: TODAY, time: '08:00' })
    ).id,
    todayLater: (
      await makeAppointment(db, {
        patientId: ana.id,
        status: 'custom',
        customStatusId: st.id,
        doctorId: doctor.id,
        calendarId: calId,
        date: TODAY,
        time: '11:00',
        holdsSlot: true,
      })
    ).id,
    tomorrow: (
      await makeAppointment(db, {
        patientId: bob.id,
        status: 'scheduled_paperless',
        date: '2026-03-03',
        time: '08:00',
      })
    ).id,
    undated: (await makeAppointment(db, { patientId: bob.id, status: 'scheduled', customStatusId: st.id }))
      .id,
  };
});

describe('GET /api/appointment', () => {
  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/appointment' });
    expect(res.statusCode).toBe(401);
  });

  it('hides appointments before today (Europe/Bucharest) by default and lists the next ones from now', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body._meta).toEqual({ total: 4, page: 1, perPage: 20, pageCount: 1 });
    expect(body.appointments.map((a: { id: number }) => a.id)).toEqual([
      ids.todayEarly,
      ids.todayLater,
      ids.tomorrow,
      ids.undated,
    ]);
    // 10:00 in Bucharest: today's 08:00 is past, 11:00 is next.
    expect(body.nextAppointments).toEqual([
      { id: ids.todayLater, date: TODAY, time: '11:00', patient: 'Ană Ștefănescu' },
      { id: ids.tomorrow, date: '2026-03-03', time: '08:00', patient: 'Bogdan Marin' },
    ]);
    const row = body.appointments[1];
    expect(row).toMatchObject({
      patient: 'Ană Ștefănescu',
      patient_phone: '+40722111222',
      // Lists show only the last 4 digits (issue 11); the detail's patientData has the whole CNP.
      cnp: `*********${ana.cnp.slice(-4)}`,
      doctor: 'Ion Ionescu',
      doctor_id: doctor.id,
      status: 'custom',
      apstatus: { title: 'Control', without_appointment: false },
      selected_date: TODAY,
      selected_time: '11:00',
      calendar: { id: calId, title: 'Cabinet 1' },
    });
  });

  it('shows older ones with hideOlder=false, newest first', async () => {
    const body = (await list({ hideOlder: false })).json();
    expect(body._meta.total).toBe(5);
    expect(body.appointments[0].id).toBe(ids.tomorrow);
    expect(body.appointments.map((a: { id: number }) => a.id)).toContain(ids.yesterday);
  });

  it('uses the Bucharest day, not the UTC one: at 00:30 in Bucharest yesterday is already old', async () => {
    clock.at = new Date('2026-03-02T22:30:00Z'); // 3 March, 00:30 in Bucharest
    try {
      const body = (await list()).json();
      expect(body.appointments.map((a: { id: number }) => a.id)).toEqual([ids.tomorrow, ids.undated]);
    } finally {
      clock.at = new Date('2026-03-02T08:00:00Z');
    }
  });

  it('filters by name without diacritics, doctor, date, status, CNP and phone', async () => {
    const ids_ = async (filters: object) =>
      (await list({ filters: JSON.stringify(filters), hideOlder: false }))
        .json()
        .appointments.map((a: { id: number }) => a.id)
        .sort();
    expect(await ids_({ name: 'ana stef' })).toEqual([ids.yesterday, ids.todayLater].sort());
    // Any word order; inside a word only when no word starts with the text.
    expect(await ids_({ name: 'ștefănescu an' })).toEqual([ids.yesterday, ids.todayLater].sort());
    expect(await ids_({ name: 'efanesc' })).toEqual([ids.yesterday, ids.todayLater].sort());
    expect(await ids_({ name: 'marin ana' })).toEqual([]);
    expect(await ids_({ doctor: doctor.id })).toEqual([ids.todayLater]);
    expect(await ids_({ date: '2026-03-03' })).toEqual([ids.tomorrow]);
    expect(await ids_({ status: 'scheduled_paperless' })).toEqual([ids.tomorrow]);
    expect(await ids_({ cnp: ana.cnp.slice(0, 7) })).toEqual([ids.yesterday, ids.todayLater].sort());
    // The last four digits, as the list shows them (issue 22).
    expect(await ids_({ cnp: ana.cnp.slice(-4) })).toEqual([ids.yesterday, ids.todayLater].sort());
    expect(await ids_({ phone: '0722 111' })).toEqual([ids.yesterday, ids.todayLater].sort());
    // Today and later: the doctor, the status and today are then written into the statement's text;
    // a value that cannot be is sent as a parameter.
    const upcoming = async (filters: object) =>
      (await list({ filters: JSON.stringify(filters) })).json().appointments.map((a: { id: number }) => a.id);
    expect(await upcoming({ doctor: doctor.id, status: 'custom' })).toEqual([ids.todayLater]);
    expect(await upcoming({ status: 'scheduled_paperless' })).toEqual([ids.tomorrow]);
    expect(await upcoming({ doctor: "x' or 'a'='a" })).toEqual([]);
  });

  it('paginates', async () => {
    const body = (await list({ hideOlder: false, perPage: 10, page: 1 })).json();
    expect(body._meta).toEqual({ total: 5, page: 1, perPage: 10, pageCount: 1 });
    expect((await list({ perPage: 10, page: 2 })).json().appointments).toEqual([]);
  });

  it('refuses bad filters and page sizes with 400', async () => {
    expect((await list({ filters: '{"nope":1}' })).statusCode).toBe(400);
    expect((await list({ filters: 'not json' })).statusCode).toBe(400);
    expect((await list({ filters: '{"status":"done"}' })).statusCode).toBe(400);
    expect((await list({ perPage: 7 })).statusCode).toBe(400);
  });
});

describe('GET /api/appointment/:id', () => {
  it('answers the appointment with the patient side panel and audits the read', async () => {
    const res = await get(`/api/appointment/${ids.todayLater}`);
    expect(res.statusCode).toBe(200);
    const { appointment } = res.json();
    expect(appointment).toMatchObject({
      id: ids.todayLater,
      patient: 'Ană Ștefănescu',
      calendar: { title: 'Cabinet 1' },
      apstatus: { title: 'Control' },
      doctor: 'Ion Ionescu',
      patientData: {
        patient_id: ana.id,
        cnp: ana.cnp,
        county: 'Cluj',
        state_residency: 'RO-CJ',
        insurance_label: 'Asigurat - pensionar',
        phone: '+40722111222',
        gp_name: 'Dr. Pop',
        gp_email: null,
      },
    });
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.read'), eq(auditEvents.entityId, String(ids.todayLater))));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: staff.id, patientId: ana.id, entityType: 'appointment' });
  });

  it('answers 404 for an unknown one and 400 for a bad id', async () => {
    expect((await get('/api/appointment/999999')).json()).toEqual({
      status: 0,
      message: APPOINTMENT_MESSAGES.notFound,
    });
    expect((await get('/api/appointment/abc')).statusCode).toBe(400);
  });
});

describe('reference data', () => {
  it('statuses: the custom statuses that are not hidden', async () => {
    await makeStatus(db, { title: 'Ascuns', hidden: true });
    await makeStatus(db, { title: 'Anulat', withoutAppointment: true });
    const body = (await get('/api/appointment/statuses')).json();
    // The two made here and the three the product keeps for the patient journey (migrations
    // 0010 and 0039).
    expect(body.data.map((s: { title: string }) => s.title)).toEqual([
      'Anulat',
      'Anulat de pacient',
      'Control',
      'Efectuată',
      'Neprezentat',
    ]);
    expect(body.data[0].without_appointment).toBe(true);
  });

  it('doctors: active authorised doctors with their time off to come', async () => {
    await signedInStaff(ctx, { doctor: true, authorized: false, firstName: 'Nu', lastName: 'Autorizat' });
    await makeTimeOff(db, doctor.id, '2026-03-10', '2026-03-12');
    await makeTimeOff(db, doctor.id, '2026-01-10', '2026-01-12'); // over: not listed
    const body = (await get('/api/appointment/doctors')).json();
    expect(body.data).toEqual([
      {
        id: doctor.id,
        name: 'Ion Ionescu',
        vacations: [{ id: expect.any(Number), from: '2026-03-10', to: '2026-03-12' }],
      },
    ]);
  });

  it('new-appointment data: doctors, statuses, calendars', async () => {
    const body = (await get('/api/appointment/new-appointment')).json();
    expect(body.data.doctors.map((d: { name: string }) => d.name)).toEqual(['Ion Ionescu']);
    // Two made here and 'Anulat de pacient'; 'Neprezentat' has its own action after the time.
    expect(body.data.statuses.map((s: { title: string }) => s.title).sort()).toEqual(
      expect.arrayContaining(['Anulat de pacient']),
    );
    expect(body.data.statuses).toHaveLength(3);
    expect(body.data.statuses.map((s: { title: string }) => s.title)).not.toContain('Neprezentat');
    expect(body.data.calendars).toEqual([{ id: calId, title: 'Cabinet 1' }]);
  });

  it('appointment-patients: at least 2 letters, diacritics-insensitive, id name cnp', async () => {
    const q = (name: string) =>
      get(`/api/appointment/appointment-patients?filters=${encodeURIComponent(JSON.stringify({ name }))}`);
    const res = await q('STEFA');
    expect(res.json()).toEqual({
      status: 1,
      // The masked CNP and the birth date (from the CNP) beside the name (issue 22).
      data: {
        patients: [
          {
            id: ana.id,
            name: 'Ană Ștefănescu',
            cnp: `*********${ana.cnp.slice(-4)}`,
            birth_date: `19${ana.cnp.slice(1, 3)}-${ana.cnp.slice(3, 5)}-${ana.cnp.slice(5, 7)}`,
          },
        ],
      },
    });
    const short = await q('a');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(APPOINTMENT_MESSAGES.patientSearchHint);
    // The words of the name in any order.
    expect((await q('stefanescu ana')).json().data.patients.map((p: { id: number }) => p.id)).toEqual([
      ana.id,
    ]);
    for (let i = 0; i < 25; i++) await makePatient(db, { name: `Zamfir ${i}` });
    expect((await q('zamfir')).json().data.patients).toHaveLength(20);
  });
});

describe('DELETE /api/appointment/:id', () => {
  it('deletes, frees the slot and audits', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/appointment/${ids.todayLater}`,
      headers: staff.headers,
    });
    expect(res.json()).toEqual({ status: 1, message: APPOINTMENT_MESSAGES.deleted });
    expect(await db.select().from(appointments).where(eq(appointments.id, ids.todayLater))).toEqual([]);
    // The same calendar, date and time can be held again.
    await makeAppointment(db, {
      patientId: ana.id,
      status: 'custom',
      calendarId: calId,
      date: TODAY,
      time: '11:00',
      holdsSlot: true,
    });
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'appointment.delete'));
    expect(event).toMatchObject({ actorId: staff.id, entityId: String(ids.todayLater), patientId: ana.id });
    // A public request gives its place back to the day's capacity counter.
    const req = await makeAppointment(db, {
      patientId: ana.id,
      status: 'request',
      calendarId: calId,
      date: '2026-03-05',
      time: '08:00',
      publicRequest: true,
    });
    await makeRegistrationDay(db, calId, '2026-03-05', 3);
    await ctx.app.inject({ method: 'DELETE', url: `/api/appointment/${req.id}`, headers: staff.headers });
    const [counter] = await db.select().from(registrationDays).where(eq(registrationDays.calendarId, calId));
    expect(counter.count).toBe(2);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/appointment/${ids.todayLater}`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
