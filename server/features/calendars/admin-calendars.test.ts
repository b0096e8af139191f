import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../domain/admin';
import { auditEvents, calendarAvailability, calendars } from '../../db/schema';
import { makeAppointment, makePatient } from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
let boss: Staff;

beforeAll(async () => {
  boss = await signedInStaff(ctx, { superadmin: true, doctor: false });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = boss) =>
  ctx.app.inject({ method, url, payload, headers: who.headers });

async function newCalendar(body: object = {}) {
  const res = await call('POST', '/api/admin/calendars', { title: 'Cabinet 1', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('calendars', () => {
  it('a doctor cannot manage calendars', async () => {
    const doctor = await signedInStaff(ctx, { doctor: true });
    expect((await call('POST', '/api/admin/calendars', { title: 'X' }, doctor)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/calendars', undefined, doctor)).statusCode).toBe(403);
    expect(await db.select().from(calendars)).toHaveLength(0);
  });

  it('"consultații la distanță": on by default for the public calendar, off for others, kept or changed by an edit', async () => {
    const remoteOf = async (id: number) =>
      ((await call('GET', '/api/admin/calendars')).json().data as { id: number; remote: boolean }[]).find(
        (c) => c.id === id,
      )?.remote;
    const pub = await newCalendar({ title: 'La distanta', publicRequests: true });
    const clinic = await newCalendar({ title: 'Cabinet' });
    const chosen = await newCalendar({ title: 'Telefonic', remote: true });
    expect([await remoteOf(pub), await remoteOf(clinic), await remoteOf(chosen)]).toEqual([
      true,
      false,
      true,
    ]);
    // An edit that does not name it keeps it; one that does changes it.
    expect((await call('PUT', `/api/admin/calendars/${pub}`, { title: 'La distanta 2' })).statusCode).toBe(
      200,
    );
    expect(await remoteOf(pub)).toBe(true);
    expect(
      (await call('PUT', `/api/admin/calendars/${clinic}`, { title: 'Cabinet', remote: true })).statusCode,
    ).toBe(200);
    expect(await remoteOf(clinic)).toBe(true);
    const bad = await call('PUT', `/api/admin/calendars/${clinic}`, { title: 'Cabinet', remote: 'da' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.remote).toMatch(/[a-zăâîșț]/);
    for (const id of [pub, clinic, chosen]) await call('DELETE', `/api/admin/calendars/${id}`);
  });

  it('creates, renames and lists calendars; at most one takes public requests', async () => {
    const a = await newCalendar({
      title: 'Consultatii la distanta',
      publicRequests: true,
      dailyCapacity: 15,
    });
    const b = await newCalendar({ title: 'Ambulatoriu' });
    expect(
      (
        await call('PUT', `/api/admin/calendars/${b}`, {
          title: 'Ambulatoriu 2',
          publicRequests: true,
          dailyCapacity: 5,
        })
      ).statusCode,
    ).toBe(200);
    const list = (await call('GET', '/api/admin/calendars')).json().data;
    expect(
      list.map((c: { id: number; title: string; publicRequests: boolean; dailyCapacity: number | null }) => [
        c.id,
        c.title,
        c.publicRequests,
        c.dailyCapacity,
      ]),
    ).toEqual([
      [a, 'Consultatii la distanta', false, 15],
      [b, 'Ambulatoriu 2', true, 5],
    ]);
    const bad = await call('PUT', `/api/admin/calendars/${b}`, { title: ' ', dailyCapacity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ title: 'Introduceți titlul calendarului.' });
    expect((await call('PUT', '/api/admin/calendars/99999', { title: 'Nu exista' })).statusCode).toBe(404);
  });

  it('refuses overlapping availability entries on the same weekday', async () => {
    const id = await newCalendar();
    const add = (weekday: number, from: string, to: string) =>
      call('POST', `/api/admin/calendars/${id}/availability`, { weekday, from, to });
    expect((await add(1, '09:00', '09:30')).statusCode).toBe(201);
    expect((await add(1, '09:30', '10:00')).statusCode).toBe(201); // touching is fine
    expect((await add(2, '09:15', '09:45')).statusCode).toBe(201); // another day
    const clash = await add(1, '09:15', '09:45');
    expect([clash.statusCode, clash.json().message]).toEqual([409, ADMIN_MESSAGES.availabilityOverlap]);
    const inside = await add(1, '08:00', '11:00');
    expect(inside.statusCode).toBe(409);
    const backwards = await add(3, '10:00', '09:00');
    expect([backwards.statusCode, backwards.json().errors.to]).toEqual([
      400,
      ADMIN_MESSAGES.availabilityOrder,
    ]);

    const rows = await db.select().from(calendarAvailability).where(eq(calendarAvailability.calendarId, id));
    expect(rows).toHaveLength(3);
    // Moving an entry onto another one is refused too; onto free time it is accepted.
    const tuesday = rows.find((r) => r.weekday === 2)!;
    expect(
      (
        await call('PUT', `/api/admin/calendars/${id}/availability/${tuesday.id}`, {
          weekday: 1,
          from: '09:45',
          to: '10:15',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('PUT', `/api/admin/calendars/${id}/availability/${tuesday.id}`, {
          weekday: 1,
          from: '10:00',
          to: '10:30',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/calendars/${id}/availability/${tuesday.id}`)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/admin/calendars/${id}/availability/${tuesday.id}`)).statusCode).toBe(
      404,
    );
    const actions = (await db.select().from(auditEvents)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'admin.availability.create',
        'admin.availability.update',
        'admin.availability.delete',
      ]),
    );
  });

  it('keeps one availability entry per weekday and start even when written around the service', async () => {
    // A month ends each event where the entry starting at its time ends, joined on that key
    // (docs/decisions/0076-calendar-month-joins.md): the database refuses a second such entry.
    const id = await newCalendar();
    const entry = { calendarId: id, weekday: 4, fromTime: '09:00', toTime: '09:30' };
    await db.insert(calendarAvailability).values(entry);
    await expect(db.insert(calendarAvailability).values({ ...entry, toTime: '10:00' })).rejects.toThrow();
    await db.insert(calendarAvailability).values({ ...entry, weekday: 5 });
    const rows = await db
      .select()
      .from(calendarAvailability)
      .where(eq(calendarAvailability.calendarId, id))
      .orderBy(calendarAvailability.weekday);
    expect(rows.map((r) => [r.weekday, r.toTime])).toEqual([
      [4, '09:30:00'],
      [5, '09:30:00'],
    ]);
  });

  it('a new availability entry is offered by the appointment availability endpoint', async () => {
    const id = await newCalendar({ title: 'Cu program' });
    await call('POST', `/api/admin/calendars/${id}/availability`, { weekday: 4, from: '14:00', to: '14:30' });
    const res = await call('GET', `/api/appointment/calendar/${id}/availability`);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('14:00');
  });

  it('adds and removes unavailable days (single days and ranges)', async () => {
    const id = await newCalendar();
    const one = await call('POST', `/api/admin/calendars/${id}/unavailable-days`, {
      from: '2026-12-25',
      to: '2026-12-25',
      reason: 'Craciun',
    });
    expect(one.statusCode).toBe(201);
    const range = await call('POST', `/api/admin/calendars/${id}/unavailable-days`, {
      from: '2026-12-28',
      to: '2026-12-31',
    });
    expect(range.statusCode).toBe(201);
    const backwards = await call('POST', `/api/admin/calendars/${id}/unavailable-days`, {
      from: '2026-12-31',
      to: '2026-12-28',
    });
    expect([backwards.statusCode, backwards.json().errors.to]).toEqual([400, ADMIN_MESSAGES.dayRangeOrder]);
    const cal = (await call('GET', '/api/admin/calendars'))
      .json()
      .data.find((c: { id: number }) => c.id === id);
    expect(cal.unavailableDays).toEqual([
      { id: one.json().id, from: '2026-12-25', to: '2026-12-25', reason: 'Craciun' },
      { id: range.json().id, from: '2026-12-28', to: '2026-12-31', reason: null },
    ]);
    expect(
      (await call('DELETE', `/api/admin/calendars/${id}/unavailable-days/${range.json().id}`)).statusCode,
    ).toBe(200);
  });

  it('deletes a calendar only while no appointment uses it', async () => {
    const used = await newCalendar({ title: 'Folosit' });
    const p = await makePatient(db, { name: 'Ion Pop' });
    await makeAppointment(db, {
      patientId: p.id,
      status: 'scheduled',
      slot: { calendarId: used, date: '2026-12-01', time: '09:00' },
    });
    const res = await call('DELETE', `/api/admin/calendars/${used}`);
    expect([res.statusCode, res.json().message]).toEqual([409, ADMIN_MESSAGES.calendarInUse]);
    const free = await newCalendar({ title: 'Liber' });
    expect((await call('DELETE', `/api/admin/calendars/${free}`)).statusCode).toBe(200);
    expect(await db.select().from(calendars).where(eq(calendars.id, free))).toHaveLength(0);
  });
});
