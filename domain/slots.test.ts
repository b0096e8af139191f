import { afterEach, describe, expect, it } from 'vitest';
import { clinicToday } from './dates';
import {
  availableTimes,
  expandRanges,
  isClosedDay,
  lastBookableDay,
  slotRefusal,
  takenStarts,
} from './slots';

// Wednesday 2026-11-25: two 30-minute entries in the morning, one on Thursday.
const availability = [
  { weekday: 3, from: '09:00:00', to: '09:30:00' },
  { weekday: 3, from: '09:30', to: '10:00' },
  { weekday: 3, from: '08:00', to: '08:30' },
  { weekday: 4, from: '10:00', to: '10:30' },
];
const today = '2026-11-23';

describe('availableTimes', () => {
  it("lists that weekday's entries minus starts taken that day, as 'start - end'", () => {
    expect(availableTimes({ date: '2026-11-25', today, availability, taken: ['09:00:00'] })).toEqual([
      { value: '08:00', label: '08:00 - 08:30' },
      { value: '09:30', label: '09:30 - 10:00' },
    ]);
    expect(availableTimes({ date: '2026-11-26', today, availability, taken: [] })).toEqual([
      { value: '10:00', label: '10:00 - 10:30' },
    ]);
    expect(availableTimes({ date: '2026-11-27', today, availability, taken: [] })).toEqual([]);
  });

  it('offers nothing on an unavailable day, in time off, before today or after 60 months', () => {
    const base = { today, availability, taken: [] };
    expect(
      availableTimes({
        ...base,
        date: '2026-11-25',
        unavailable: [{ from: '2026-11-24', to: '2026-11-25' }],
      }),
    ).toEqual([]);
    expect(
      availableTimes({ ...base, date: '2026-11-25', timeOff: [{ from: '2026-11-25', to: '2026-11-25' }] }),
    ).toEqual([]);
    expect(availableTimes({ ...base, date: '2026-11-18' })).toEqual([]);
    // 2031-11-26 is a Wednesday past 2031-11-23 (today + 60 months).
    expect(availableTimes({ ...base, date: '2031-11-26' })).toEqual([]);
    expect(availableTimes({ ...base, date: '2031-11-19' })).toHaveLength(3);
  });
});

describe('slotRefusal', () => {
  const base = { today, availability };
  it('accepts a start of an entry and refuses everything else with its reason', () => {
    expect(slotRefusal({ ...base, date: '2026-11-25', time: '09:30' })).toBeNull();
    expect(slotRefusal({ ...base, date: '2026-11-25', time: '09:15' })).toBe('outsideAvailability');
    expect(slotRefusal({ ...base, date: '2026-11-26', time: '09:30' })).toBe('outsideAvailability');
    expect(slotRefusal({ ...base, date: '2026-11-25', time: '09:30', taken: ['09:30:00'] })).toBe('taken');
    expect(slotRefusal({ ...base, date: '2026-11-22', time: '09:30' })).toBe('outOfRange');
    expect(slotRefusal({ ...base, date: '2031-11-26', time: '09:30' })).toBe('outOfRange');
    expect(
      slotRefusal({
        ...base,
        date: '2026-11-25',
        time: '09:30',
        unavailable: [{ from: '2026-11-25', to: '2026-12-01' }],
      }),
    ).toBe('unavailableDay');
    expect(
      slotRefusal({
        ...base,
        date: '2026-11-25',
        time: '09:30',
        timeOff: [{ from: '2026-11-20', to: '2026-11-25' }],
      }),
    ).toBe('doctorTimeOff');
  });
});

describe('booking window', () => {
  it('bounds the booking window at today + 60 months, clamping month ends', () => {
    expect(lastBookableDay('2026-11-23')).toBe('2031-11-23');
    expect(lastBookableDay('2024-02-29')).toBe('2029-02-28');
  });

  it('expands ranges clipped to a window without duplicates', () => {
    expect(
      expandRanges(
        [
          { from: '2026-11-20', to: '2026-11-24' },
          { from: '2026-11-24', to: '2026-11-25' },
          { from: '2027-01-01', to: '2027-01-02' },
        ],
        '2026-11-23',
        '2026-12-31',
      ),
    ).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });
});

describe('today in Europe/Bucharest, whatever TZ', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  // Bucharest is UTC+2 in winter, UTC+3 in summer.
  const cases: [string, string][] = [
    ['2026-11-22T21:59:59Z', '2026-11-22'],
    ['2026-11-22T22:00:00Z', '2026-11-23'],
    ['2026-07-14T20:59:59Z', '2026-07-14'],
    ['2026-07-14T21:00:00Z', '2026-07-15'],
    ['2026-12-31T22:30:00Z', '2027-01-01'],
  ];
  for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
    it(`under TZ=${tz}`, () => {
      process.env.TZ = tz;
      for (const [instant, day] of cases) expect(clinicToday(new Date(instant))).toBe(day);
      // The booking window follows the Bucharest day, not the process day.
      expect(lastBookableDay(clinicToday(new Date('2026-11-22T22:00:00Z')))).toBe('2031-11-23');
    });
  }
});

// The set / new appointment modals' pickers (web/features/appointments/slot-fields.tsx).
describe('the time and date pickers of the appointment modals', () => {
  const booked = [
    { selected_date: '2026-11-25', selected_time: '08:00:00' },
    { selected_date: '2026-11-25', selected_time: '09:30:00' },
    { selected_date: '2026-11-26', selected_time: '10:00:00' },
  ];

  it('leave out the times booked that day, but offer the edited appointment its own time again', () => {
    const taken = takenStarts({ date: '2026-11-25', calendarId: 4, booked });
    expect(availableTimes({ date: '2026-11-25', today, availability, taken }).map((t) => t.value)).toEqual([
      '09:00',
    ]);
    const own = { calendar_id: 4, date: '2026-11-25', time: '09:30' };
    const editing = takenStarts({ date: '2026-11-25', calendarId: 4, booked, own });
    expect(
      availableTimes({ date: '2026-11-25', today, availability, taken: editing }).map((t) => t.value),
    ).toEqual(['09:00', '09:30']);
    // Its own time in another calendar is taken there by someone else.
    expect(takenStarts({ date: '2026-11-25', calendarId: 5, booked, own })).toHaveLength(2);
  });

  it("grey out unavailable days, the doctor's time off and weekdays without entries", () => {
    const closed = {
      unavailable: new Set(['2026-12-01']),
      timeOff: [{ from: '2026-12-09', to: '2026-12-10' }],
      openWeekdays: new Set([2, 3]),
    };
    expect(isClosedDay('2026-12-02', closed)).toBe(false); // a Wednesday
    expect(isClosedDay('2026-12-01', closed)).toBe(true); // unavailable Tuesday
    expect(isClosedDay('2026-12-09', closed)).toBe(true); // time off
    expect(isClosedDay('2026-12-03', closed)).toBe(true); // Thursday: no entries
  });
});
