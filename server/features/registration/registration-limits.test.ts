/**
 * Capacity and duplicates under concurrent requests, and the abuse defences (rate limits,
 * honeypot, body limit). On PostgreSQL (TEST_DATABASE_URL) the requests really run in parallel.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, calendars, registrationDays } from '../../db/schema';
import { nextCnp, nextIp } from '../../test/factories';
import { RATE_LIMITS } from './routes';
import {
  checkDate,
  counts,
  dateFilter,
  form,
  setPublicCapacity,
  setupRegistration,
  submit,
} from './test/helpers';

const { ctx, db, calendarId } = await setupRegistration({ REGISTRATION_DAILY_CAPACITY: '20' });
const BAD = { status: 0, message: 'Data selectata nu este disponibila!' };

async function requestsOn(day: string) {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.selectedDate, day), eq(appointments.publicRequest, true)));
}

describe('daily capacity', () => {
  it('50 concurrent requests for a day with capacity 20 create exactly 20', async () => {
    const day = '2026-12-09';
    const before = await counts(db);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => submit(ctx, form({ appt_date: day, email: '' }))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject(BAD);
    expect(await requestsOn(day)).toHaveLength(20);
    const after = await counts(db);
    // The 30 refused requests left no patient, consent, message or counter behind (one SMS each,
    // no e-mail address given).
    expect(after.patients - before.patients).toBe(20);
    expect(after.consents - before.consents).toBe(20);
    expect(after.outbox - before.outbox).toBe(20);
    const [counter] = await db
      .select()
      .from(registrationDays)
      .where(and(eq(registrationDays.calendarId, calendarId), eq(registrationDays.day, day)));
    expect(counter.count).toBe(20);
    // A full day is BAD for the date check and for one more request.
    expect((await checkDate(ctx, dateFilter(day))).json()).toEqual(BAD);
    const late = await submit(ctx, form({ appt_date: day }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ ...BAD, errors: { appt_date: BAD.message } });
  });

  it('a patient who already asked for a full day is answered as for a new request, not refused', async () => {
    const day = '2026-12-09';
    const [mine] = await requestsOn(day);
    const cnp = (mine.requestData as { cnp: string }).cnp;
    const before = await counts(db);
    const res = await submit(ctx, form({ cnp, appt_date: day }));
    expect(res.statusCode).toBe(201);
    expect(res.json().appointment).toEqual({ id: 0, selected_date: day, selected_time: '08:00' });
    expect(await counts(db)).toEqual(before);
  });

  it("uses the public calendar's own daily capacity before the configured default", async () => {
    const day = '2026-12-10';
    await setPublicCapacity(db, calendarId, 2);
    try {
      expect((await submit(ctx, form({ appt_date: day }))).statusCode).toBe(201);
      expect((await checkDate(ctx, dateFilter(day))).json()).toEqual({ status: 1 });
      expect((await submit(ctx, form({ appt_date: day }))).statusCode).toBe(201);
      expect((await checkDate(ctx, dateFilter(day))).json()).toEqual(BAD);
      expect((await submit(ctx, form({ appt_date: day }))).statusCode).toBe(409);
    } finally {
      await setPublicCapacity(db, calendarId, null);
    }
    expect(await requestsOn(day)).toHaveLength(2);
  });

  it('concurrent requests of one CNP for one day make one appointment and all get it back', async () => {
    const day = '2026-12-11';
    const cnp = nextCnp();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submit(ctx, form({ cnp, appt_date: day }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await requestsOn(day)).toHaveLength(1);
    const [counter] = await db.select().from(registrationDays).where(eq(registrationDays.day, day));
    expect(counter.count).toBe(1);
  });

  it('first requests of one new CNP for several days at once make one patient with a request on each', async () => {
    const days = ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18'];
    const cnp = nextCnp();
    const name = 'Ștefania Râpeanu';
    const results = await Promise.all(days.map((d) => submit(ctx, form({ cnp, name, appt_date: d }))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(days.length).fill(201));
    const made = (
      (await db.execute(sql`
        select to_char(a.selected_date, 'YYYY-MM-DD') as day, a.patient_id, p.name_search as patient_name_search
        from appointments a join patients p on p.id = a.patient_id
        where p.cnp = ${cnp}`)) as unknown as {
        rows: { day: string; patient_id: number; patient_name_search: string | null }[];
      }
    ).rows.map((a) => ({ day: a.day, patientId: a.patient_id, nameSearch: a.patient_name_search }));
    expect(made.map((a) => a.day).sort()).toEqual(days);
    expect(new Set(made.map((a) => a.patientId)).size).toBe(1);
    // The one patient has the name the form typed, as the lists' name filter reads it.
    expect(made.map((a) => a.nameSearch)).toEqual(Array(days.length).fill('stefania rapeanu'));
  });

  it('without a calendar taking public requests every day is BAD and nothing is stored', async () => {
    await db.update(calendars).set({ publicRequests: false }).where(eq(calendars.id, calendarId));
    try {
      const before = await counts(db);
      expect((await checkDate(ctx, dateFilter('2026-12-14'))).json()).toEqual(BAD);
      const res = await submit(ctx, form({ appt_date: '2026-12-14' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(BAD);
      expect(await counts(db)).toEqual(before);
    } finally {
      await db.update(calendars).set({ publicRequests: true }).where(eq(calendars.id, calendarId));
    }
  });
});

describe('abuse defences', () => {
  it('the honeypot field answers like a success and stores nothing', async () => {
    const before = await counts(db);
    const res = await submit(ctx, form({ website: 'http://spam.example' }));
    // Exactly what a person's new request gets.
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 1, appointment: { id: 0, selected_time: '08:00' } });
    expect(await counts(db)).toEqual(before);
  });

  it('an empty honeypot (a person) is stored normally', async () => {
    expect((await submit(ctx, form({ website: '' }))).statusCode).toBe(201);
  });

  it('refuses a body over 16 KB with 413 and stores nothing', async () => {
    const before = await counts(db);
    const res = await submit(ctx, form({ gp_name: 'x'.repeat(17 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(0);
    expect(await counts(db)).toEqual(before);
  });

  it('throttles requests per IP with a Romanian message, other addresses unaffected', async () => {
    const ip = nextIp();
    const before = await counts(db);
    const max = RATE_LIMITS.submit.max;
    for (let i = 0; i < max; i++) expect((await submit(ctx, { agreement: false }, ip)).statusCode).toBe(400);
    const blocked = await submit(ctx, form({ appt_date: '2026-12-15' }), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      status: 0,
      message: 'Prea multe cereri. Vă rugăm așteptați puțin și încercați din nou.',
    });
    expect(await counts(db)).toEqual(before);
    expect((await submit(ctx, form({ appt_date: '2026-12-15' }))).statusCode).toBe(201);
  });

  it('throttles the date check per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.checkDate.max; i++)
      expect((await checkDate(ctx, dateFilter('2026-12-15'), ip)).statusCode).toBe(200);
    const blocked = await checkDate(ctx, dateFilter('2026-12-15'), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Prea multe cereri. Vă rugăm așteptați puțin și încercați din nou.');
  });
});
