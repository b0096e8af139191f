import { describe, expect, it } from 'vitest';
import { EXACT_TOTAL_UP_TO, totalText } from './api';

describe('totalText', () => {
  it('shows an exact total as it is and an estimate as "peste 1.000"', () => {
    expect(totalText(0)).toBe('0');
    expect(totalText(EXACT_TOTAL_UP_TO)).toBe('1000');
    expect(totalText(999)).toBe('999');
    expect(totalText(EXACT_TOTAL_UP_TO + 1)).toBe('peste 1.000');
    expect(totalText(61_234)).toBe('peste 1.000');
  });
});
