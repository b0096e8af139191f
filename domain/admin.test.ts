import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  auditFiltersSchema,
  availabilitySchema,
  splitInterval,
  unavailableDaysSchema,
} from './admin';

describe('splitInterval', () => {
  it('cuts an interval into consecutive entries and drops a shorter tail', () => {
    expect(splitInterval('09:00', '10:30', 30)).toEqual([
      { from: '09:00', to: '09:30' },
      { from: '09:30', to: '10:00' },
      { from: '10:00', to: '10:30' },
    ]);
    expect(splitInterval('09:50', '11:00', 20)).toEqual([
      { from: '09:50', to: '10:10' },
      { from: '10:10', to: '10:30' },
      { from: '10:30', to: '10:50' },
    ]);
    expect(splitInterval('09:00', '09:20', 30)).toEqual([]);
    expect(splitInterval('09:00', '12:00', 0)).toEqual([{ from: '09:00', to: '12:00' }]);
  });
});

describe('admin schemas', () => {
  it('availability: HH:MM, from before to', () => {
    expect(availabilitySchema.safeParse({ weekday: 1, from: '09:00', to: '09:30' }).success).toBe(true);
    const backwards = availabilitySchema.safeParse({ weekday: 1, from: '10:00', to: '10:00' });
    expect(backwards.error?.issues[0]).toMatchObject({
      message: ADMIN_MESSAGES.availabilityOrder,
      path: ['to'],
    });
    expect(availabilitySchema.safeParse({ weekday: 7, from: '09:00', to: '09:30' }).success).toBe(false);
    expect(availabilitySchema.safeParse({ weekday: 1, from: '9:00', to: '09:30' }).success).toBe(false);
  });

  it('unavailable days: real dates, from not after to', () => {
    expect(unavailableDaysSchema.parse({ from: '2026-12-25', to: '2026-12-25' })).toEqual({
      from: '2026-12-25',
      to: '2026-12-25',
      reason: '',
    });
    expect(unavailableDaysSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(unavailableDaysSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });

  it('audit filters are strict', () => {
    expect(auditFiltersSchema.safeParse({ action: 'patient.read', patientId: 3 }).success).toBe(true);
    expect(auditFiltersSchema.safeParse({ actor: 'x' }).success).toBe(false);
  });
});
