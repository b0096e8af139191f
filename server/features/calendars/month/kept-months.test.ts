/**
 * A month already read is served again until something it shows changes (decision 0082): the
 * next read after any such change, on any path, shows it; a change elsewhere keeps it.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  makeAppointment,
  makeBooking,
  makePatient,
  makeShortDayCalendar,
  makeStatus,
} from '../../../test/factories';
import { setupClinic, signedInStaff } from '../../../test/harness';
import { genericPlan } from '../../../test/plans';
import { changedSinceQuery, EVERY_CALENDAR, pruneCalendarChanges } from './kept-months';

const { ctx, db } = await setupClinic();
const staff = await signedInStaff(ctx);
const doctor = await signedInStaff(ctx, { firstName: 'Ion', lastName: 'Albu' });
const cardio = await makeShortDayCalendar(db, 'Cardiologie');
const echo = await makeShortDayCalendar(db, 'Ecografie');
const control = await makeStatus(db, { title: 'Control' });
const patient = await makePatient(db, { name: 'Sorina Enache' });
const booked = await makeBooking(db, {
  patientId: patient.id,
  statusId: control.id,
  calendarId: cardio.id,
  date: '2026-03-03',
  time: '09:00',
  doctorId: doctor.id,
});
const MONTH = { date: '2026-03-03', perDay: 3, includeInactive: false };

type Event = {
  id: number;
  title: string;
  start: string;
  end: string;
  status_title: string | null;
  doctor: string | null;
  calendar: string | null;
};
/** The month grid around MONTH's day, as the browser asks for it. */
const askMonth = async (url: string) => {
  const res = await ctx.app.inject({ method: 'POST', url, headers: staff.headers, payload: MONTH });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const month = async (calendarId: number) =>
  (await askMonth(`/api/calendars/${calendarId}/appointments`)).data as {
    events: Event[];
    unavailable: { start: string; reason: string | null }[];
  };
const dashboardMonth = async () => (await askMonth('/api/dashboard/calendar')).appointments as Event[];
const titles = async (calendarId: number) => (await month(calendarId)).events.map((e) => e.title);

/** A change the triggers do not see (as if written before migration 0028): shows only on a new read. */
async function unseen(change: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(change);
  });
}

describe('a month read again', () => {
  it('is served as kept while nothing it shows changed, and read again once something did', async () => {
    expect(await titles(cardio.id)).toEqual(['Sorina Enache - 09:00']);
    // Unseen by the triggers: the kept month is served (this is what proves it is kept).
    await unseen(sql`update patients set name = 'Nume nevăzut' where id = ${patient.id}`);
    expect(await titles(cardio.id)).toEqual(['Sorina Enache - 09:00']);
    // Another calendar's booking leaves this calendar's month as it was kept...
    const other = await makeAppointment(db, {
      patientId: patient.id,
      slot: { calendarId: echo.id, date: '2026-03-04', time: '10:00' },
    });
    expect(await titles(cardio.id)).toEqual(['Sorina Enache - 09:00']);
    expect(await titles(echo.id)).toEqual(['Nume nevăzut - 10:00']);
    // ...and a change to this calendar shows in the very next read, with everything else now true.
    await db.execute(sql`update appointments set selected_time = '10:00' where id = ${booked.id}`);
    expect(await titles(cardio.id)).toEqual(['Nume nevăzut - 10:00']);
    await unseen(sql`update patients set name = 'Sorina Enache' where id = ${patient.id}`);
    await db.execute(sql`update appointments set selected_time = '09:00' where id = ${booked.id}`);
    await db.execute(sql`delete from appointments where id = ${other.id}`);
    expect(await titles(echo.id)).toEqual([]);
  });

  it('shows each kind of change in the next read', async () => {
    const read = async () => (await month(cardio.id)).events[0];
    await read();
    await db.execute(sql`update patients set name = 'Sorina Enache-Ilie' where id = ${patient.id}`);
    expect((await read()).title).toBe('Sorina Enache-Ilie - 09:00');
    await db.execute(sql`update appointment_statuses set title = 'Control anual' where id = ${control.id}`);
    expect((await read()).status_title).toBe('Control anual');
    await db.execute(sql`update users set name = 'Dr. Ion Albu' where id = ${doctor.id}`);
    expect((await read()).doctor).toBe('Dr. Ion Albu');
    await db.execute(sql`update calendars set title = 'Cardiologie 1' where id = ${cardio.id}`);
    expect((await read()).calendar).toBe('Cardiologie 1');
    // Where an event ends comes from the availability entry it starts at.
    await db.execute(
      sql`update calendar_availability set to_time = '09:50' where calendar_id = ${cardio.id} and from_time = '09:00'`,
    );
    expect((await read()).end).toBe('2026-03-03T09:50:00');
    await db.execute(
      sql`insert into calendar_unavailable_days (calendar_id, from_date, to_date, reason) values (${cardio.id}, '2026-03-05', '2026-03-05', 'Revizie')`,
    );
    expect((await month(cardio.id)).unavailable).toEqual([
      { start: '2026-03-05', end: '2026-03-06', reason: 'Revizie' },
    ]);
    // A status that stops being an appointment takes its events out of the month.
    await db.execute(
      sql`update appointment_statuses set without_appointment = true where id = ${control.id}`,
    );
    expect((await month(cardio.id)).events).toEqual([]);
    await db.execute(
      sql`update appointment_statuses set without_appointment = false where id = ${control.id}`,
    );
    expect(await titles(cardio.id)).toEqual(['Sorina Enache-Ilie - 09:00']);
  });

  it('follows an appointment moved to another calendar, in both, and in the dashboard across calendars', async () => {
    await Promise.all([month(cardio.id), month(echo.id), dashboardMonth()]);
    await db.execute(sql`update appointments set calendar_id = ${echo.id} where id = ${booked.id}`);
    expect((await month(cardio.id)).events).toEqual([]);
    expect((await month(echo.id)).events.map((e) => e.id)).toEqual([booked.id]);
    expect((await dashboardMonth()).map((e) => [e.id, e.calendar])).toEqual([[booked.id, 'Ecografie']]);
    // A booking through the API shows at once, in the dashboard too.
    const request = await makeAppointment(db, {
      patientId: patient.id,
      doctorId: doctor.id,
      status: 'scheduled_with_papers',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointment/set-appointment',
      headers: staff.headers,
      payload: {
        appointment_id: request.id,
        status_id: control.id,
        calendar_id: cardio.id,
        date: '2026-03-04',
        time: '10:00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles(cardio.id)).toEqual(['Sorina Enache-Ilie - 10:00']);
    expect((await dashboardMonth()).length).toBe(2);
  });

  it('is read again after a table is emptied at once', async () => {
    await month(echo.id);
    await unseen(sql`update patients set name = 'Nume nevăzut' where id = ${patient.id}`);
    await db.execute(sql`truncate calendar_availability`);
    expect(await titles(echo.id)).toEqual(['Nume nevăzut - 09:00']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a month read while a change is being written', () => {
  it('shows the change once it commits, though the month was kept before', async () => {
    expect(await titles(echo.id)).toEqual(['Nume nevăzut - 09:00']);
    let during: string[] = [];
    await db.transaction(async (tx) => {
      await tx.execute(sql`update appointments set selected_time = '10:00' where id = ${booked.id}`);
      // Another connection reads (and keeps) the month while the change is not committed.
      during = await titles(echo.id);
    });
    expect(during).toEqual(['Nume nevăzut - 09:00']);
    expect(await titles(echo.id)).toEqual(['Nume nevăzut - 10:00']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the check before a kept month is served', () => {
  const FAR = 1_000_000_000_000;
  it('reads an index, not every change row, in the plan kept for any snapshot', async () => {
    // 20,000 change rows, as the public form leaves between two prunings under load (their
    // transaction ids far ahead, apart from any real one, and removed after).
    await db.execute(sql`insert into calendar_changes (calendar_id, xid)
      select ${cardio.id}, (${FAR}::bigint + g)::text::xid8 from generate_series(1, 20000) g`);
    await db.execute(sql`analyze calendar_changes`);
    try {
      const { rows } = (await db.execute(sql`select pg_current_snapshot()::text as s`)) as unknown as {
        rows: { s: string }[];
      };
      const dialect = new PgDialect();
      for (const scope of [EVERY_CALENDAR, cardio.id] as const) {
        const { sql: text, params } = dialect.sqlToQuery(changedSinceQuery(scope, rows[0].s));
        // Prepared as the server prepares it, then explained with the plan kept for any value.
        const plan = await genericPlan(ctx.database.pool!, text, params);
        expect(plan).toMatch(/Index Only Scan/);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    } finally {
      await db.execute(sql`delete from calendar_changes where xid > ${String(FAR)}::xid8`);
    }
  });
});

describe('the change rows', () => {
  it('are one per transaction and calendar, and pruned once every kept month is past needing them', async () => {
    const count = async (where = sql`true`) =>
      Number(
        (
          (await db.execute(sql`select count(*) as n from calendar_changes where ${where}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n,
      );
    const before = await count();
    await db.execute(
      sql`update appointments set selected_time = selected_time + interval '1 minute' where calendar_id = ${echo.id}`,
    );
    await db.transaction(async (tx) => {
      for (const t of ['11:00', '11:30'])
        await tx.execute(sql`update appointments set selected_time = ${t} where id = ${booked.id}`);
    });
    expect(await count()).toBe(before + 2);
    // A note of the oldest running transaction taken now prunes nothing; once 11 minutes old, the
    // rows of the transactions that had ended when it was taken go (on a shared PostgreSQL, the
    // oldest running one may be another database's: rows from it on stay).
    await pruneCalendarChanges(db);
    expect(await count()).toBe(before + 2);
    const mark = String(
      (
        (await db.execute(sql`select max(oldest_xid)::text as x from calendar_change_marks`)) as unknown as {
          rows: { x: string }[];
        }
      ).rows[0].x,
    );
    const since = await count(sql`xid >= ${mark}::xid8`);
    await db.execute(sql`update calendar_change_marks set at = at - interval '11 minutes'`);
    await pruneCalendarChanges(db);
    expect(await count(sql`xid < ${mark}::xid8`)).toBe(0);
    expect(await count()).toBe(since);
    if (!process.env.TEST_DATABASE_URL) expect(since).toBe(0);
  });
});
