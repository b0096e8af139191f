import { describe, expect, it } from 'vitest';
import { eventEnd } from './dashboard';

describe('eventEnd: where a calendar event ends, in every view and in the iCalendar feed', () => {
  it('ends where the availability entry starting at its time ends', () => {
    expect(eventEnd('09:00', '09:45')).toBe('09:45');
  });

  it('lasts 30 minutes without such an entry, or when the entry would end before it starts', () => {
    expect(eventEnd('08:00', null)).toBe('08:30');
    expect(eventEnd('10:00', '09:30')).toBe('10:30');
    expect(eventEnd('10:00', '10:00')).toBe('10:30');
  });

  it('never crosses midnight', () => {
    expect(eventEnd('23:45', null)).toBe('23:59');
  });
});
