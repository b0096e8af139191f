import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  clinicInstant,
  clinicParts,
  clinicTime,
  clinicToday,
  daysBetween,
  formatDateTime,
  formatDay,
  hhmm,
  isRealDate,
  isWeekend,
  nextWeekday,
  parseDisplayDay,
  weekdayOf,
} from './dates';

describe('the one date module', () => {
  it('reads today and the time in Europe/Bucharest whatever the process TZ', () => {
    // 22:30 UTC on 22 November is already 00:30 on the 23rd in Bucharest (UTC+2 in winter).
    const at = new Date('2026-11-22T22:30:00Z');
    expect(clinicToday(at)).toBe('2026-11-23');
    expect(clinicTime(at)).toBe('00:30');
    // Summer time: UTC+3.
    expect(clinicTime(new Date('2026-07-01T05:15:00Z'))).toBe('08:15');
  });

  it('turns a Bucharest wall-clock time into the instant, across daylight-saving changes', () => {
    expect(clinicInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(clinicInstant('2026-03-29', '05:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(clinicInstant('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T10:00:00.000Z');
    expect(clinicInstant('2026-11-25').toISOString()).toBe('2026-11-24T22:00:00.000Z');
  });

  it('computes weekdays and weekends from the calendar date alone', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(weekdayOf('2024-02-29')).toBe(4);
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-29')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
    expect(nextWeekday('2026-11-27')).toBe('2026-11-30');
    expect(nextWeekday('2026-11-25')).toBe('2026-11-26');
  });

  it('adds days and months, clamping month ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 60)).toBe('2033-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    // The retention cutoff: the same calendar day years back; 29 February falls back to the 28th.
    expect(addYears('2026-11-25', -10)).toBe('2016-11-25');
    expect(addYears('2028-02-29', -1)).toBe('2027-02-28');
    expect(daysBetween('2026-11-25', '2026-12-02')).toBe(7);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-11-31')).toBe(false);
    expect(isRealDate('26.11.2026')).toBe(false);
  });

  it('shows days as DD.MM.YYYY and reads them back', () => {
    expect(formatDay('2026-11-05')).toBe('05.11.2026');
    expect(formatDay('2026-11-05', '/')).toBe('05/11/2026');
    // A timestamp is shown as the Bucharest day it falls on.
    expect(formatDay('2026-11-22T22:30:00Z')).toBe('23.11.2026');
    expect(formatDay(null)).toBe('');
    expect(formatDateTime('2026-11-22T22:30:00Z')).toBe('23.11.2026 00:30');
    expect(parseDisplayDay('05.11.2026')).toBe('2026-11-05');
    expect(parseDisplayDay('31.02.2026')).toBeNull();
    expect(hhmm('09:30:00')).toBe('09:30');
    expect(hhmm(null)).toBe('');
  });

  it('reads the clock the same on every call, across the summer-time changes and before 1970', () => {
    const direct = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Bucharest',
      dateStyle: 'short',
      timeStyle: 'medium',
      hourCycle: 'h23',
    });
    const asShown = (d: Date) => {
      const { date, time, seconds } = clinicParts(d);
      const [y, m, day] = date.split('-');
      return `${day}/${m}/${y}, ${time}:${seconds}`;
    };
    // Each second around the March and October changes of 2026, twice (the second time cached),
    // and instants of 1900 (local mean time, +01:44:24) and 1969.
    const instants = [Date.UTC(2026, 2, 29, 0, 58), Date.UTC(2026, 9, 25, 0, 58)].flatMap((start) =>
      Array.from({ length: 240 }, (_, i) => new Date(start + i * 1000 + 500)),
    );
    instants.push(new Date(Date.UTC(1900, 5, 1, 12, 0, 7)), new Date(Date.UTC(1969, 11, 31, 23, 59, 59)));
    for (const d of [...instants, ...instants]) expect(asShown(d)).toBe(direct.format(d));
    expect(clinicParts(new Date(Date.UTC(2026, 2, 29, 1, 0, 0)))).toEqual({
      date: '2026-03-29',
      time: '04:00',
      seconds: '00',
    });
  });
});
