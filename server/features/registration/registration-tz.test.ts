/**
 * "Today", "past" and weekdays are Bucharest's whatever the server's TZ (DESIGN §6 "Time").
 * The file switches process.env.TZ itself (Node re-reads it on assignment) and is also meant to be
 * run whole under TZ=UTC and TZ=America/New_York; the answers must be identical everywhere.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/harness';
import { addCalendars, checkDate, dateFilter, form, submit } from './test/helpers';

let current = new Date();
const ctx = await setupTestApp({ clock: { now: () => current } });
await addCalendars(ctx.database.db);

const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

const ZONES = ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Europe/Bucharest'];

// Instants where the Bucharest date differs from the UTC and New York dates.
const CASES: { at: string; ok: string[]; bad: string[] }[] = [
  // Tue 24.11 22:30 UTC = Wed 25.11 00:30 in Bucharest: the 24th is already past.
  { at: '2026-11-24T22:30:00Z', ok: ['2026-11-25', '2031-11-25'], bad: ['2026-11-24', '2031-11-26'] },
  // Wed 25.11 21:59 UTC = 23:59 in Bucharest: still the 25th.
  { at: '2026-11-25T21:59:00Z', ok: ['2026-11-25', '2026-11-26'], bad: ['2026-11-24'] },
  // Fri 27.11 22:30 UTC = Sat 28.11 00:30 in Bucharest: Friday is past, Monday is next.
  { at: '2026-11-27T22:30:00Z', ok: ['2026-11-30'], bad: ['2026-11-27', '2026-11-28', '2026-11-29'] },
  // Summer time (UTC+3): Thu 30.07 21:30 UTC = Fri 31.07 00:30.
  { at: '2026-07-30T21:30:00Z', ok: ['2026-07-31', '2026-08-03'], bad: ['2026-07-30', '2026-08-01'] },
];

async function answers(): Promise<string[]> {
  const out: string[] = [];
  for (const c of CASES) {
    current = new Date(c.at);
    for (const d of [...c.ok, ...c.bad]) {
      const res = await checkDate(ctx, dateFilter(d));
      out.push(`${c.at} ${d} ${res.json().status}`);
    }
  }
  return out;
}

describe('date rules under several process time zones', () => {
  it.each(CASES)('at $at: OK $ok, BAD $bad', async (c) => {
    current = new Date(c.at);
    for (const d of c.ok) expect((await checkDate(ctx, dateFilter(d))).json(), d).toEqual({ status: 1 });
    for (const d of c.bad) expect((await checkDate(ctx, dateFilter(d))).json().status, d).toBe(0);
  });

  it('gives the same answers whatever TZ the process runs in', async () => {
    const reference = await answers();
    for (const tz of ZONES) {
      process.env.TZ = tz;
      // Proves the switch took effect: New York is 5 hours behind UTC in November.
      if (tz === 'America/New_York') expect(new Date('2026-11-25T12:00:00Z').getHours()).toBe(7);
      if (tz === 'UTC') expect(new Date('2026-11-25T12:00:00Z').getHours()).toBe(12);
      expect(await answers(), tz).toEqual(reference);
    }
  });

  it('stores the requested day as sent, at 08:00, just after midnight in Bucharest', async () => {
    process.env.TZ = 'America/New_York';
    current = new Date('2026-11-24T22:30:00Z');
    const res = await submit(ctx, form({ appt_date: '2026-11-25' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().appointment).toMatchObject({ selected_date: '2026-11-25', selected_time: '08:00' });
    const late = await submit(ctx, form({ appt_date: '2026-11-24' }));
    expect(late.statusCode).toBe(400);
  });
});
