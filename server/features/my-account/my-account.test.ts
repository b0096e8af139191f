import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, timeOff } from '../../db/schema';
import { makeBooking, makePatient, makeShortDayCalendar, makeStatus } from '../../test/factories';
import { setupClinic, signedInStaff } from '../../test/harness';

const { ctx, db } = await setupClinic();
const doctor = await signedInStaff(ctx, { doctor: true });
const other = await signedInStaff(ctx, { doctor: true });
const cal = await makeShortDayCalendar(db, 'Cardiologie');
const control = await makeStatus(db, { title: 'Control' });
const pt = await makePatient(db, { name: 'Ilie Moraru' });
const booked = await makeBooking(db, {
  patientId: pt.id,
  statusId: control.id,
  calendarId: cal.id,
  date: '2026-03-18',
  time: '09:00',
  doctorId: doctor.id,
});

type Who = { headers: Record<string, string> };
const post = (who: Who, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/my-account', headers: who.headers, payload });
const patch = (who: Who, id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/my-account/${id}`, headers: who.headers, payload });

describe('time off (/api/my-account)', () => {
  let first = 0;

  it('adds a period and lists only the signed-in user’s own', async () => {
    const res = await post(doctor, { from: '2026-03-09', to: '2026-03-13' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: 'Concediul a fost adăugat', affectedAppointments: [] });
    first = body.data.id;
    await post(other, { from: '2026-03-09', to: '2026-03-13' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/my-account', headers: doctor.headers });
    expect(list.json()).toEqual({ status: 1, data: [{ id: first, from: '2026-03-09', to: '2026-03-13' }] });
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'time-off.create'), eq(auditEvents.actorId, doctor.id)));
    expect(event.entityId).toBe(String(first));
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await post(doctor, { from: '2026-04-10', to: '2026-04-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.to).toBe('Data de sfârșit nu poate fi înaintea datei de început.');
  });

  it('refuses an overlap with another period of the same user (409), touching by one day included', async () => {
    const res = await post(doctor, { from: '2026-03-13', to: '2026-03-20' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Perioada se suprapune cu alt concediu înregistrat. (09.03.2026 - 13.03.2026)',
    );
    expect(await db.select().from(timeOff).where(eq(timeOff.userId, doctor.id))).toHaveLength(1);
    // The day after is fine.
    const next = await post(doctor, { from: '2026-03-14', to: '2026-03-15' });
    expect(next.statusCode).toBe(200);
  });

  it('accepts a period over booked appointments but lists them to be moved', async () => {
    const res = await post(doctor, { from: '2026-03-16', to: '2026-03-20' });
    expect(res.statusCode).toBe(200);
    expect(res.json().affectedAppointments).toEqual([
      { id: booked.id, patient: 'Ilie Moraru', date: '2026-03-18', time: '09:00', calendar: 'Cardiologie' },
    ]);
  });

  it('updates a period, which may keep overlapping itself but not the others', async () => {
    const ok = await patch(doctor, first, { id: first, from: '2026-03-08', to: '2026-03-13' });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/my-account/${first}`, headers: doctor.headers })
      ).json(),
    ).toEqual({
      status: 1,
      data: { id: first, from: '2026-03-08', to: '2026-03-13' },
    });
    const clash = await patch(doctor, first, { from: '2026-03-08', to: '2026-03-14' });
    expect(clash.statusCode).toBe(409);
  });

  it("cannot read, change or delete another user's period", async () => {
    const [theirs] = await db.select().from(timeOff).where(eq(timeOff.userId, other.id));
    const url = `/api/my-account/${theirs.id}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: doctor.headers })).statusCode).toBe(404);
    expect((await patch(doctor, theirs.id, { from: '2026-05-01', to: '2026-05-02' })).statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url, headers: doctor.headers });
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Perioada de concediu nu a fost găsită.');
  });

  it('deletes a period', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/my-account/${first}`,
      headers: doctor.headers,
    });
    expect(res.json()).toEqual({ status: 1, message: 'Concediul a fost șters' });
    expect(await db.select().from(timeOff).where(eq(timeOff.id, first))).toEqual([]);
  });

  it('removes the days from the offered slots of the doctor (appointments availability)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointment/calendar/${cal.id}/availability?doctor_id=${doctor.id}`,
      headers: doctor.headers,
    });
    const days: string[] = res.json().data.unavailableDays;
    expect(days).toEqual(expect.arrayContaining(['2026-03-14', '2026-03-15', '2026-03-16', '2026-03-20']));
    expect(days).not.toContain('2026-03-09'); // deleted above
    const free = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointment/calendar/${cal.id}/availability?doctor_id=${other.id}`,
      headers: doctor.headers,
    });
    expect(free.json().data.unavailableDays).not.toContain('2026-03-16');
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/my-account' })).statusCode).toBe(401);
  });
});
