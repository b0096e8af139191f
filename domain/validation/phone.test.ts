/**
 * The spec's pattern (SPEC §5): optional "+4", then 07[0-8]d | 02xx | 03xx, an optional separator
 * (space, dot, dash), then two groups of 3 digits; plus the +40 / 0040 forms (DESIGN §6).
 */
import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone } from './phone';

/** Each number is valid and normalised to the E.164 form beside it. */
function acceptsAs(cases: [input: string, e164: string][]) {
  it.each(cases)('%s -> %s', (input, e164) => {
    expect(isValidPhone(input)).toBe(true);
    expect(normalizePhone(input)).toBe(e164);
  });
}

describe('numbers the spec pattern accepts', () => {
  acceptsAs([
    ['0722123456', '+40722123456'],
    ['0722 123 456', '+40722123456'],
    ['0722.123.456', '+40722123456'],
    ['0722-123-456', '+40722123456'],
    ['0722 123456', '+40722123456'], // the separators are each optional
    ['0722123-456', '+40722123456'],
    ['0722 123.456', '+40722123456'], // and need not match each other
    ['0700000000', '+40700000000'], // 070x
    ['0788 999 000', '+40788999000'], // 078x is the highest 07 block
    ['0212345678', '+40212345678'], // 02xx landline
    ['0264 123 456', '+40264123456'],
    ['0312 345 678', '+40312345678'], // 03xx
    ['0399-999-999', '+40399999999'],
    ['+40722123456', '+40722123456'], // the spec's own "+4" prefix before the national form
    ['+40212 345 678', '+40212345678'],
    [' 0722 123 456 ', '+40722123456'], // surrounding spaces are trimmed
  ]);
});

describe('international forms of the same numbers', () => {
  acceptsAs([
    ['+40 722 123 456', '+40722123456'],
    ['+40-722-123-456', '+40722123456'],
    ['+40.722.123.456', '+40722123456'],
    ['+40 722123456', '+40722123456'],
    ['0040722123456', '+40722123456'],
    ['0040 722 123 456', '+40722123456'],
    ['0040-264-123-456', '+40264123456'],
    ['0040312345678', '+40312345678'],
  ]);
});

describe('the groupings people write (issue 54)', () => {
  acceptsAs([
    ['021 234 5678', '+40212345678'], // Bucharest's landlines, the institute's own number
    ['+40 21 234 5678', '+40212345678'],
    ['0745 61 23 89', '+40745612389'],
    ['0745-61-23-89', '+40745612389'],
    ['074 561 2389', '+40745612389'],
    ['07 22 12 34 56', '+40722123456'], // in pairs
    ['0264 12 34 56', '+40264123456'],
  ]);
});

describe('rejected numbers', () => {
  it.each([
    ['', 'empty'],
    ['0790123456', '079 is not a mobile block the spec allows'],
    ['0800123456', '08 prefix (toll-free)'],
    ['0123456789', '01 prefix'],
    ['0412345678', '04 prefix'],
    ['722123456', 'no leading 0'],
    ['072212345', 'nine digits'],
    ['07221234567', 'eleven digits'],
    ['0722  123 456', 'two separators in a row'],
    ['0722_123_456', 'underscore separator'],
    ['0722/123/456', 'slash separator'],
    ['0 745 612 389', 'a group of one digit'],
    ['07456 123 89', 'a group of five digits'],
    ['021 234 567', 'nine digits, grouped'],
    ['079 012 3456', 'a refused block, grouped'],
    ['(0722) 123 456', 'parentheses'],
    ['+400722123456', '+40 followed by the national 0'],
    ['0040 0722 123 456', '0040 followed by the national 0'],
    ['+4 0722123456', 'a separator after the spec prefix +4'],
    ['+41722123456', 'another country code'],
    ['+40790123456', 'international form of a refused block'],
    ['0722123abc', 'letters'],
    ['07221234５6', 'a full-width digit'],
    ['0722 123 456 0722 123 456 0722 123 456', 'far too long'],
  ])('"%s" (%s)', (input) => {
    expect(isValidPhone(input)).toBe(false);
    expect(normalizePhone(input)).toBeNull();
  });

  it('is false for a non-string at run time', () => {
    expect(isValidPhone(undefined as unknown as string)).toBe(false);
    expect(isValidPhone(722123456 as unknown as string)).toBe(false);
  });
});

describe('formatPhone', () => {
  it('shows every accepted form as 0722 123 456', () => {
    expect(formatPhone('+40722123456')).toBe('0722 123 456');
    expect(formatPhone('0040-722-123-456')).toBe('0722 123 456');
    expect(formatPhone('0212345678')).toBe('0212 345 678');
  });

  it('leaves what it cannot read as it is, and empty values empty', () => {
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});
