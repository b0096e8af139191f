import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarFeedTokens } from '../../../db/schema';
import {
  makeAppointment,
  makeBooking,
  makePatient,
  makeShortDayCalendar,
  makeStatus,
} from '../../../test/factories';
import { setupClinic, signedInStaff } from '../../../test/harness';
import { buildCalendar } from './ical';

const { ctx, db } = await setupClinic();
const doctor = await signedInStaff(ctx, { firstName: 'Ion', lastName: 'Albu' });
const colleague = await signedInStaff(ctx);
const cal = await makeShortDayCalendar(db, 'Cardiologie, etaj 2');
const control = await makeStatus(db, { title: 'Control' });
const pt = await makePatient(db, { name: 'Ștefan Țurcanu', phone: '+40722555666' });
const slot = (date: string, time: string, doctorId: string, holdsSlot = true) =>
  makeBooking(db, {
    patientId: pt.id,
    statusId: control.id,
    calendarId: cal.id,
    date,
    time,
    doctorId,
    holdsSlot,
  });
await slot('2026-03-03', '09:00', doctor.id); // winter: UTC+2
await slot('2026-04-07', '10:00', doctor.id); // summer: UTC+3
await slot('2026-03-04', '09:00', colleague.id); // someone else's
await makeAppointment(db, {
  patientId: pt.id,
  status: 'request',
  date: '2026-03-05',
  doctorId: doctor.id,
  time: '08:00',
}); // no slot

const createFeed = async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/my-account/calendar-feed',
    headers: doctor.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { url: string; path: string };
};

describe('calendar feed (.ics)', () => {
  it('serves the doctor’s slot-holding appointments as VEVENTs in UTC, with no CNP or phone', async () => {
    const { url, path } = await createFeed();
    expect(url).toBe(`http://localhost:3000${path}`);
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('inline; filename="programari.ics"');
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nX-WR-CALNAME:Programări - Ion Albu\r\n');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // One UID per appointment, the same on every fetch, so clients update instead of duplicating.
    const uids = unfolded.match(/^UID:.*$/gm) ?? [];
    expect(uids).toHaveLength(2);
    for (const uid of uids) expect(uid).toMatch(/^UID:programare-\d+@localhost$/);
    expect(new Set(uids).size).toBe(2);
    const again = (await ctx.app.inject({ method: 'GET', url: path })).body.replace(/\r\n /g, '');
    expect(again.match(/^UID:.*$/gm)).toEqual(uids);
    expect(unfolded).toContain('DTSTART:20260303T070000Z');
    expect(unfolded).toContain('DTEND:20260303T074500Z');
    expect(unfolded).toContain('DTSTART:20260407T070000Z');
    expect(unfolded).toContain('SUMMARY:Ștefan Țurcanu - Cardiologie\\, etaj 2');
    expect(unfolded).not.toContain(pt.cnp);
    expect(unfolded).not.toContain('722555666');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('stores only a hash of the token', async () => {
    const { path } = await createFeed();
    const token = path.slice('/api/calendar-feed/'.length, -'.ics'.length);
    const rows = await db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, doctor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a rotated or revoked token', async () => {
    const old = await createFeed();
    const current = await createFeed();
    expect((await ctx.app.inject({ method: 'GET', url: old.path })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: current.path })).statusCode).toBe(200);
    const state = await ctx.app.inject({
      method: 'GET',
      url: '/api/my-account/calendar-feed',
      headers: doctor.headers,
    });
    expect(state.json()).toMatchObject({ status: 1, active: true });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/my-account/calendar-feed',
      headers: doctor.headers,
    });
    expect(del.json()).toEqual({ status: 1, message: 'Adresa calendarului a fost revocată.' });
    const res = await ctx.app.inject({ method: 'GET', url: current.path });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: 'Calendarul nu există sau adresa a fost revocată.' });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/my-account/calendar-feed',
      headers: doctor.headers,
    });
    expect(after.json()).toMatchObject({ active: false });
  });

  it('refuses made-up tokens', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/calendar-feed/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('iCalendar writer', () => {
  const long = `Ștefan Țurcanu ${'ș'.repeat(60)} 🫀 ${'ț'.repeat(10)}`;
  const text = buildCalendar({
    name: 'Programari - Ana; Popescu, Ion',
    now: new Date('2026-03-01T10:00:00Z'),
    events: [
      {
        uid: 'programare-7@example.ro',
        start: new Date('2026-03-03T07:00:00Z'),
        end: new Date('2026-03-03T07:45:00Z'),
        summary: long,
        location: 'Cardiologie,\netaj 2',
      },
    ],
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const lines = text.split('\r\n');
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(Buffer.from(line).toString()).toBe(line); // a split surrogate pair would not survive
    }
    expect(text.replace(/\r\n /g, '')).toContain(`\r\nSUMMARY:${long}\r\n`);
  });

  it('escapes TEXT values and writes the times in UTC', () => {
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nX-WR-CALNAME:Programari - Ana\\; Popescu\\, Ion\r\n');
    expect(unfolded).toContain('\r\nLOCATION:Cardiologie\\,\\netaj 2\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20260301T100000Z\r\n');
    expect(unfolded).toContain('\r\nDTSTART:20260303T070000Z\r\nDTEND:20260303T074500Z\r\n');
    expect(unfolded).toContain('\r\nUID:programare-7@example.ro\r\n');
    expect(unfolded).not.toMatch(/TZID|VTIMEZONE/);
  });
});
