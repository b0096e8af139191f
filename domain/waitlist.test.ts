import { describe, expect, it } from 'vitest';
import { heldSlotLabel, holdEndText, slotHeldMessage } from './waitlist';

describe("a waitlist hold's end as staff read it (issue 54, item 11)", () => {
  // 10:00 in Bucharest on Monday 2 March 2026.
  const now = new Date('2026-03-02T08:00:00Z');

  it('is the hour the same day, with the day when the hold ends on another one', () => {
    expect(holdEndText(new Date('2026-03-02T10:00:00Z'), now)).toBe('12:00');
    // Offered at 22:00, held from 08:00 the next morning.
    expect(holdEndText(new Date('2026-03-03T08:00:00Z'), now)).toBe('03.03.2026, ora 10:00');
  });

  it('names the waiting patient and the end in the picker and in the 409', () => {
    const until = new Date('2026-03-02T10:00:00Z');
    expect(heldSlotLabel(until, now)).toBe(
      'rezervat pentru un pacient de pe lista de așteptare până la 12:00',
    );
    expect(slotHeldMessage(until, now)).toBe(
      'Locul este rezervat pentru un pacient de pe lista de așteptare până la 12:00. Confirmați dacă îl luați totuși.',
    );
  });
});
