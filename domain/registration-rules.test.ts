import { describe, expect, it } from 'vitest';
import { MAX_MONTHS_AHEAD, REGISTRATION_TIME } from './appointments';
import { addMonths } from './dates';
import { isSelectableRegistrationDate, lastRegistrationDate, REGISTRATION_SLOT } from './registration-rules';

describe('registration date rules', () => {
  it('uses the appointment constants (08:00, 60 months)', () => {
    expect(REGISTRATION_SLOT).toBe(REGISTRATION_TIME);
    expect(lastRegistrationDate('2026-11-25')).toBe(addMonths('2026-11-25', MAX_MONTHS_AHEAD));
    expect(lastRegistrationDate('2026-11-25')).toBe('2031-11-25');
  });

  it('selects weekdays from today to 60 months ahead, real dates only', () => {
    const today = '2026-11-25';
    expect(isSelectableRegistrationDate('2026-11-25', today)).toBe(true);
    expect(isSelectableRegistrationDate('2026-11-24', today)).toBe(false);
    expect(isSelectableRegistrationDate('2026-11-28', today)).toBe(false);
    expect(isSelectableRegistrationDate('2031-11-25', today)).toBe(true);
    expect(isSelectableRegistrationDate('2031-11-26', today)).toBe(false);
    expect(isSelectableRegistrationDate('2026-11-31', today)).toBe(false);
    expect(isSelectableRegistrationDate('26.11.2026', today)).toBe(false);
  });
});
