import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarFeedTokens } from '../../db/schema';
import { addAppointment, addCalendar, addPatient, addStatus, clock } from '../../test/calendar-data';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { foldLine } from './ical';

const ctx = await setupTestApp({ clock });
const { db } = ctx.database;
const doctor = await signedInStaff(ctx, { firstName: 'Ion', lastName: 'Albu' });
const colleague = await signedInStaff(ctx);
const cal = await addCalendar(db, 'Cardiologie, etaj 2');
const control = await addStatus(db, 'Control');
const pt = await addPatient(db, { name: 'Ștefan Țurcanu', phone: '+40722555666' });
const slot = (date: string, time: string, doctorId: string, holdsSlot = true) =>
  addAppointment(db, {
    patientId: pt.id,
    status: 'custom',
    customStatusId: control.id,
    date,
    time,
    calendarId: cal.id,
    doctorId,
    holdsSlot,
  });
await slot('2026-03-03', '09:00', doctor.id); // winter: UTC+2
await slot('2026-04-07', '10:00', doctor.id); // summer: UTC+3
await slot('2026-03-04', '09:00', colleague.id); // someone else's
await addAppointment(db, { patientId: pt.id, status: 'request', date: '2026-03-05', doctorId: doctor.id }); // no slot

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
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
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
    expect(del.json()).toEqual({ status: 1, message: 'Adresa calendarului a fost revocata.' });
    const res = await ctx.app.inject({ method: 'GET', url: current.path });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: 'Calendarul nu exista sau adresa a fost revocata.' });
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

describe('iCalendar helpers', () => {
  it('folds long lines without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'ș'.repeat(60)}`);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'ș'.repeat(60)}`);
  });
});
