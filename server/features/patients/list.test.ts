import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../../domain/text';
import { auditEvents, patients } from '../../db/schema';
import { makeAppointment, makePatient, makeStatus, nextCnp } from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
let staff: Staff;
let drA: Staff;
let drB: Staff;
let customId: number;
const ids: Record<string, number> = {};
const stefanCnp = nextCnp('1958-07-02');

beforeAll(async () => {
  staff = await signedInStaff(ctx, { firstName: 'Ana', lastName: 'Admin', doctor: false, role: 'admin' });
  drA = await signedInStaff(ctx, { firstName: 'Ioana', lastName: 'Popescu' });
  drB = await signedInStaff(ctx, { firstName: 'Mihai', lastName: 'Dobre' });
  customId = (await makeStatus(db, { title: 'Control anual' })).id;
  ids.stefan = (
    await makePatient(db, { name: 'Ștefan Țurcanu', cnp: stefanCnp, phone: '0722 111 222', email: null })
  ).id;
  ids.stefania = (await makePatient(db, { name: 'Stefania Ionescu', phone: '0733 444 555' })).id;
  ids.ion = (await makePatient(db, { name: 'Ion Popa', covidVaccine: 1, phone: '0744 000 111' })).id;
  for (let i = 1; i <= 22; i++)
    await makePatient(db, {
      name: `Pacient Test ${String(i).padStart(2, '0')}`,
      phone: `0755 000 ${String(100 + i)}`,
    });
  await makeAppointment(db, {
    patientId: ids.stefan,
    doctorId: drA.id,
    date: '2026-11-10',
    time: '09:00',
    status: 'scheduled',
  });
  await makeAppointment(db, {
    patientId: ids.stefan,
    doctorId: drB.id,
    date: '2026-12-01',
    time: '09:00',
    status: 'custom',
    customStatusId: customId,
  });
  await makeAppointment(db, {
    patientId: ids.stefania,
    doctorId: drA.id,
    date: '2026-11-10',
    time: '10:30',
    status: 'request',
  });
});

async function list(filters?: Record<string, unknown> | string, page?: number, perPage?: number) {
  const query: Record<string, string> = {};
  if (filters !== undefined) query.filters = typeof filters === 'string' ? filters : JSON.stringify(filters);
  if (page) query.page = String(page);
  if (perPage) query.perPage = String(perPage);
  return ctx.app.inject({ method: 'GET', url: '/api/patients', query, headers: staff.headers });
}
/** Names in the answer's order. */
const ordered = (res: Awaited<ReturnType<typeof list>>) =>
  (res.json().patients as { patient: string }[]).map((p) => p.patient);
/** Names as a set: how "Stefan T" and "Stefania" sort depends on the database collation. */
const names = (res: Awaited<ReturnType<typeof list>>) => ordered(res).sort();

describe('GET /api/patients', () => {
  it('refuses anonymous callers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/patients' });
    expect(res.statusCode).toBe(401);
  });

  it('pages 20 by default, sorted by name, with the spec meta', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body._meta).toEqual({ total: 25, page: 1, perPage: 20, pageCount: 2 });
    expect(body.patients).toHaveLength(20);
    expect(ordered(res).slice(0, 3)).toEqual(['Ion Popa', 'Pacient Test 01', 'Pacient Test 02']);
    const second = await list(undefined, 2);
    expect(second.json()._meta).toEqual({ total: 25, page: 2, perPage: 20, pageCount: 2 });
    expect(ordered(second).slice(0, 3)).toEqual(['Pacient Test 20', 'Pacient Test 21', 'Pacient Test 22']);
    expect(names(second).slice(3)).toEqual(['Stefania Ionescu', 'Ștefan Țurcanu']);
  });

  it('rounds the page count up for other page sizes', async () => {
    const res = await list(undefined, 3, 10);
    expect(res.json()._meta).toEqual({ total: 25, page: 3, perPage: 10, pageCount: 3 });
    expect(res.json().patients).toHaveLength(5);
    expect((await list(undefined, 1, 100)).json().patients).toHaveLength(25);
    const beyond = await list(undefined, 9, 10);
    expect(beyond.json().patients).toEqual([]);
  });

  it('shows the latest appointment, its doctor and custom status, and the vaccine flag', async () => {
    const res = await list({ cnp: stefanCnp });
    expect(res.json().patients).toEqual([
      {
        id: ids.stefan,
        patient_id: ids.stefan,
        patient: 'Ștefan Țurcanu',
        // Lists show only the last 4 digits of a CNP (issue 11).
        pid: `*********${stefanCnp.slice(-4)}`,
        cnp: `*********${stefanCnp.slice(-4)}`,
        patient_phone: '+40722111222',
        patient_email: null,
        covid_vaccine: 0,
        doctor: 'Mihai Dobre',
        doctor_id: drB.id,
        appointment_id: expect.any(Number),
        appointment_date: '2026-12-01',
        appointment_time: '09:00',
        appointment_status: 'custom',
        apstatus: { id: customId, title: 'Control anual' },
      },
    ]);
    const ion = (await list({ name: 'ion popa' })).json().patients[0];
    expect(ion).toMatchObject({ covid_vaccine: 1, doctor: null, appointment_date: null, apstatus: null });
  });

  it('searches names ignoring case and Romanian diacritics', async () => {
    expect(names(await list({ name: 'stefan' }))).toEqual(['Stefania Ionescu', 'Ștefan Țurcanu']);
    expect(names(await list({ name: 'ȘTEFAN ț' }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ name: 'turcanu' }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ name: 'Țurcanu' }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ name: '100%' }))).toEqual([]);
    // The words in any order.
    expect(names(await list({ name: 'turcanu stefan' }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ name: 'ionescu stefan' }))).toEqual(['Stefania Ionescu']);
  });

  it('finds a name by the start of any of its words, and inside a word when nothing starts so', async () => {
    const hyphen = await makePatient(db, { name: 'Maria Pop-Ionescu' });
    expect(names(await list({ name: 'ionesc' }))).toEqual(['Maria Pop-Ionescu', 'Stefania Ionescu']);
    expect(names(await list({ name: 'pop-iones' }))).toEqual(['Maria Pop-Ionescu']);
    expect(names(await list({ name: 'pop' }))).toEqual(['Ion Popa', 'Maria Pop-Ionescu']);
    // A name with the word typed and a longer one starting with it is listed and counted once,
    // in name order among those with only one of them.
    const twice = await makePatient(db, { name: 'Ana Pop Popovici' });
    const pops = await list({ name: 'pop' });
    expect(ordered(pops)).toEqual(['Ana Pop Popovici', 'Ion Popa', 'Maria Pop-Ionescu']);
    expect(pops.json()._meta.total).toBe(3);
    await db.delete(patients).where(eq(patients.id, twice.id));
    // No word starts with "urcan": the name containing it is found all the same.
    expect(names(await list({ name: 'urcan' }))).toEqual(['Ștefan Țurcanu']);
    // Pages and totals of a name filter, in name order.
    const tests = await list({ name: 'test pacient' }, 2, 10);
    expect(tests.json()._meta.total).toBe(22);
    expect(ordered(tests)[0]).toBe('Pacient Test 11');
    // One word typed: its page is cut from the first rows of each kind of match.
    const one = await list({ name: 'pacient' }, 2, 10);
    expect(one.json()._meta.total).toBe(22);
    expect(ordered(one)).toEqual(ordered(tests));
    // A renamed patient is found by the new name only: the words follow the name in the database,
    // whichever path writes it.
    await db
      .update(patients)
      .set({ name: 'Maria Vlad', nameSearch: foldText('Maria Vlad') })
      .where(eq(patients.id, hyphen.id));
    expect(names(await list({ name: 'vlad maria' }))).toEqual(['Maria Vlad']);
    expect(names(await list({ name: 'pop-iones' }))).toEqual([]);
  });

  it('filters by each field alone', async () => {
    expect(names(await list({ doctor: drA.id }))).toEqual(['Stefania Ionescu', 'Ștefan Țurcanu']);
    expect(names(await list({ doctor: drB.id }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ appointment_date: '2026-11-10' }))).toEqual([
      'Stefania Ionescu',
      'Ștefan Țurcanu',
    ]);
    expect(names(await list({ appointment_date: '2026-12-01' }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ status: 'request' }))).toEqual(['Stefania Ionescu']);
    expect(names(await list({ status: customId }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ doctor: drA.id, status: 'request' }))).toEqual(['Stefania Ionescu']);
    // A value that cannot be written into the statement's text is sent as a parameter.
    expect(names(await list({ doctor: "x' or 'a'='a" }))).toEqual([]);
    expect(names(await list({ cnp: stefanCnp }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ cnp: stefanCnp.slice(0, 7) }))).toEqual(['Ștefan Țurcanu']);
    // From four digits the end matches too: the list shows *********9192 (issue 22).
    expect(names(await list({ cnp: stefanCnp.slice(-4) }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ cnp: stefanCnp.slice(-9) }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ cnp: stefanCnp.slice(-3) }))).not.toContain('Ștefan Țurcanu');
    expect(names(await list({ phone: '0722 111 222' }))).toEqual(['Ștefan Țurcanu']);
    expect(names(await list({ phone: '+40733444555' }))).toEqual(['Stefania Ionescu']);
    expect(names(await list({ phone: '0744' }))).toEqual(['Ion Popa']);
    expect((await list({ phone: '0755' })).json()._meta.total).toBe(22);
  });

  it('shows the appointment that matched the appointment filters', async () => {
    const row = (await list({ doctor: drA.id, name: 'turcanu' })).json().patients[0];
    expect(row).toMatchObject({
      doctor: 'Ioana Popescu',
      appointment_date: '2026-11-10',
      appointment_status: 'scheduled',
    });
  });

  it('combines filters', async () => {
    expect(names(await list({ doctor: drA.id, name: 'stefania' }))).toEqual(['Stefania Ionescu']);
    expect(names(await list({ doctor: drA.id, status: 'request', appointment_date: '2026-11-10' }))).toEqual([
      'Stefania Ionescu',
    ]);
    expect(names(await list({ status: customId, phone: '0722' }))).toEqual(['Ștefan Țurcanu']);
    const none = await list({ doctor: drB.id, name: 'stefania' });
    expect(none.json()).toEqual({
      status: 1,
      _meta: { total: 0, page: 1, perPage: 20, pageCount: 0 },
      patients: [],
    });
  });

  it('refuses unknown filters, wrong types, bad JSON and page sizes outside the list', async () => {
    for (const bad of [
      { colour: 'red' },
      { name: 5 },
      { status: 'done' },
      { appointment_date: '10.11.2026' },
      '{oops',
    ]) {
      const res = await list(bad as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().status).toBe(0);
    }
    expect((await list(undefined, 1, 15)).statusCode).toBe(400);
  });

  it('records the read in the audit log', async () => {
    await list({ name: 'ion' });
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.list'), eq(auditEvents.actorId, staff.id)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)?.details).toMatchObject({ filters: ['name'] });
  });

  it("lists a day's patients once each in name order, and follows a rename", async () => {
    const day = '2026-10-05';
    const zaharia = await makePatient(db, { name: 'Zaharia Ziua' });
    const barbu = await makePatient(db, { name: 'Barbu Ziua' });
    await makeAppointment(db, { patientId: zaharia.id, date: day, time: '09:00', status: 'scheduled' });
    await makeAppointment(db, { patientId: barbu.id, date: day, time: '09:30', status: 'scheduled' });
    await makeAppointment(db, { patientId: barbu.id, date: day, time: '11:00', status: 'request' });
    const byDay = await list({ appointment_date: day });
    expect(ordered(byDay)).toEqual(['Barbu Ziua', 'Zaharia Ziua']);
    expect(byDay.json()._meta.total).toBe(2);
    expect(ordered(await list({ appointment_date: day, status: 'request' }))).toEqual(['Barbu Ziua']);
    // Each appointment keeps its patient's name for this order (0089): a rename moves it.
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      headers: staff.headers,
      payload: {
        patientId: zaharia.id,
        name: 'Adam Ziua',
        phone: '0722123456',
        insurance_status: 'uninsured',
        state_residency: 'RO-B',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ordered(await list({ appointment_date: day }))).toEqual(['Adam Ziua', 'Barbu Ziua']);
    expect(ordered(await list({ appointment_date: day, status: 'scheduled' }))).toEqual([
      'Adam Ziua',
      'Barbu Ziua',
    ]);
  });

  it('finds four CNP digits at the start or at the end, each patient once, in name order', async () => {
    // Four digits read one key of the head and tail indexes each (0058); a CNP that starts and
    // ends with them is found by both and listed once.
    await makePatient(db, { name: 'Zamfir Început', cnp: '8123000000017' });
    await makePatient(db, { name: 'Avram Sfârșit', cnp: '1900101008123' });
    await makePatient(db, { name: 'Marin Amândouă', cnp: '8123000008123' });
    const four = await list({ cnp: '8123' });
    expect(ordered(four)).toEqual(['Avram Sfârșit', 'Marin Amândouă', 'Zamfir Început']);
    expect(four.json()._meta.total).toBe(3);
    expect(ordered(await list({ cnp: '81230' }))).toEqual(['Marin Amândouă', 'Zamfir Început']);
    expect(ordered(await list({ cnp: '08123' }))).toEqual(['Avram Sfârșit', 'Marin Amândouă']);
    // Past the last page: no row carries the count, which is then read on its own (0057).
    const past = await list({ cnp: '8123' }, 2, 10);
    expect(ordered(past)).toEqual([]);
    expect(past.json()._meta.total).toBe(3);
  });
});
