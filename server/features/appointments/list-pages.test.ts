/**
 * Pages of the appointment list against its rules, on a few thousand appointments.
 *
 * By a common name: the first request counts its matches, the next finds the total kept (a
 * minute, platform/list-total.ts). Both must give the page of the rule itself: every typed word
 * starts a word of the name (split at spaces and hyphens), in list order.
 *
 * By a day (docs/decisions/0064-appointment-day-planned-once.md): read in the day's own order,
 * the pages are those of the list's order.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppointmentListReply } from '../../../domain/appointment-replies';
import { foldText } from '../../../domain/text';
import { EXACT_UP_TO } from '../../platform/list-total';
import { MONDAY_10, MONDAY_10_DAY, movableClock } from '../../test/factories';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';

const clock = movableClock(MONDAY_10);
const ctx = await setupTestApp({ clock });
const db = ctx.database.db;
const TODAY = MONDAY_10_DAY;
let staff: Staff;

type Row = { id: number; date: string | null; time: string | null; name: string };
let all: Row[] = [];

beforeAll(async () => {
  staff = await signedInStaff(ctx, { superadmin: true });
  // 3,600 patients with an appointment each: 2,400 "Vlădescu" (half of them hyphenated), 600
  // "Vlădeanu", 600 others; dates 300 days either side of today, some undated or without a time.
  await db.execute(sql`
    insert into patients (name, name_search, cnp, phone, insurance_status, state_residency)
    select n, lower(translate(n, 'ăâîșțĂÂÎȘȚ', 'aaistAAIST')), '7' || lpad(i::text, 12, '0'),
           '+40722' || lpad(i::text, 6, '0'), 'uninsured', 'RO-B'
    from (select i, case
            when i <= 1200 then 'Vlădescu Ana ' || i
            when i <= 2400 then 'Ion-Vlădescu Maria ' || i
            when i <= 3000 then 'Vlădeanu Ana ' || i
            else 'Marin Petru ' || i end as n
          from generate_series(1, 3600) i) names`);
  await db.execute(sql`
    insert into appointments (patient_id, status, selected_date, selected_time)
    select id, 'request',
           case when id % 50 = 0 then null else ${TODAY}::date + ((id * 37) % 601 - 300) end,
           case when id % 7 = 0 then null else '08:00'::time + ((id % 20) * interval '30 minutes') end
    from patients`);
  // Two busy days, one ahead and one gone, several appointments at each time and some untimed.
  for (const [day, n] of [
    ['2026-03-05', 47],
    ['2026-01-20', 31],
  ] as const)
    await db.execute(sql`
      insert into appointments (patient_id, status, selected_date, selected_time)
      select id, 'request', ${day}::date,
             case when id % 4 = 0 then null else '08:00'::time + ((id % 6) * interval '30 minutes') end
      from patients where id % 50 = 1 order by id limit ${n}`);
  await db.execute(sql`analyze patients`);
  await db.execute(sql`analyze patient_name_words`);
  await db.execute(sql`analyze appointments`);
  const res = (await db.execute(sql`
    select a.id, a.selected_date::text as date, to_char(a.selected_time, 'HH24:MI') as time, p.name
    from appointments a join patients p on p.id = a.patient_id`)) as unknown as { rows: Row[] };
  all = res.rows;
});

/** The rule, in JavaScript: every typed word starts a word of the folded name. */
const matches = (name: string, typed: string) => {
  const words = foldText(name).split(/[ -]+/);
  return foldText(typed)
    .split(' ')
    .every((t) => words.some((w) => w.startsWith(t)));
};

/** The list's two orders: upcoming (undated last), or newest first (undated last). */
function expected(typed: string, hideOlder: boolean, page: number, day?: string): number[] {
  const key = (r: Row) => `${r.date ?? '9999-99-99'} ${r.time ?? '99:99'} ${String(r.id).padStart(9, '0')}`;
  const rows = all.filter((r) => matches(r.name, typed) && (day === undefined || r.date === day));
  const sorted = hideOlder
    ? rows.filter((r) => r.date === null || r.date >= TODAY).sort((x, y) => (key(x) < key(y) ? -1 : 1))
    : rows.sort((x, y) => {
        // Newest first, undated (and untimed within a day) last.
        const d = (x.date === null ? 1 : 0) - (y.date === null ? 1 : 0);
        if (d || x.date !== y.date) return d || ((x.date ?? '') > (y.date ?? '') ? -1 : 1);
        const t = (x.time === null ? 1 : 0) - (y.time === null ? 1 : 0);
        if (t || x.time !== y.time) return t || ((x.time ?? '') > (y.time ?? '') ? -1 : 1);
        return y.id - x.id;
      });
  return sorted.slice((page - 1) * 20, page * 20).map((r) => r.id);
}

async function listed(typed: string, hideOlder: boolean, page: number, day?: string) {
  const filters = encodeURIComponent(JSON.stringify(day ? { date: day } : { name: typed }));
  const res = await ctx.app.inject({
    url: `/api/appointment?filters=${filters}&hideOlder=${hideOlder}&page=${page}&perPage=20`,
    headers: staff.headers,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as AppointmentListReply;
  return { ids: body.appointments.map((r) => r.id), total: body._meta.total, rows: body.appointments };
}

describe('appointments by a common name', () => {
  const typedNames = ['vladescu', 'Ana Vlădescu', 'maria ion', 'vlad', 'ana'];

  it('gives the page the rule gives, counted the first time and walked the next', async () => {
    for (const typed of typedNames)
      for (const hideOlder of [true, false])
        for (const page of [1, 2, 9]) {
          const shown: unknown[] = [];
          for (const time of ['counted', 'walked']) {
            const got = await listed(typed, hideOlder, page);
            expect(got.ids, `${typed}, ${hideOlder ? 'upcoming' : 'all'}, page ${page}, ${time}`).toEqual(
              expected(typed, hideOlder, page),
            );
            expect(got.ids).toHaveLength(20);
            shown.push(got.rows);
          }
          // A walked page's rows are read in the same statement as its ids: the same rows, in full.
          expect(shown[1]).toEqual(shown[0]);
        }
  });

  it('shows the total of a common name as above the exact limit, and counts a rare one exactly', async () => {
    expect((await listed('vladescu', false, 1)).total).toBeGreaterThan(EXACT_UP_TO);
    expect((await listed('petru marin', false, 1)).total).toBe(600);
    expect((await listed('vladescu ana 12', false, 1)).total).toBe(
      all.filter((r) => matches(r.name, 'vladescu ana 12')).length,
    );
  });

  it("finds a common name's kept total a moment later: the next request asks the planner nothing", async () => {
    // (The kept total's name must not hold the instant of the request: it changes every time.)
    const dialect = new PgDialect();
    const execute = vi.spyOn(db, 'execute');
    try {
      await listed('vladescu', false, 1);
      clock.at = new Date(MONDAY_10.getTime() + 1500);
      execute.mockClear();
      const again = await listed('vladescu', false, 2);
      expect(again.total).toBeGreaterThan(EXACT_UP_TO);
      const asked = execute.mock.calls.map(([q]) => dialect.sqlToQuery(sql`${q}`).sql);
      expect(asked.filter((text) => text.startsWith('explain'))).toEqual([]);
    } finally {
      execute.mockRestore();
      clock.at = MONDAY_10;
    }
  });
});

describe('appointments of a day', () => {
  it('pages through a day in the list order, and hides a day gone when asked', async () => {
    const days = [TODAY, '2026-03-05', '2026-01-20'];
    for (const day of days)
      for (const hideOlder of [true, false]) {
        const want = all.filter((r) => r.date === day).length;
        const hidden = hideOlder && day < TODAY;
        let seen = 0;
        for (let page = 1; page <= Math.max(1, Math.ceil(want / 20)); page++) {
          const got = await listed('', hideOlder, page, day);
          const label = `${day}, ${hideOlder ? 'upcoming' : 'all'}, page ${page}`;
          expect(got.ids, label).toEqual(hidden ? [] : expected('', hideOlder, page, day));
          expect(got.total, label).toBe(hidden ? 0 : want);
          seen += got.ids.length;
        }
        expect(seen).toBe(hidden ? 0 : want);
      }
  });
});
