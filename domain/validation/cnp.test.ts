/**
 * CNP vectors worked out by hand (control digit = Σ digit×(2,7,9,1,4,6,3,5,8,2,7,9) mod 11,
 * 10 -> 1), independently of makeCnp, so a bug in the shared helper cannot hide here.
 */
import { describe, expect, it } from 'vitest';
import { cnpControlDigit, isValidCnp, makeCnp, parseCnp } from './cnp';

// A fixed "now" so the "not in the future" rule does not drift: 22 Nov 2026, noon UTC.
const NOW = new Date('2026-11-22T12:00:00Z');
const valid = (cnp: string) => isValidCnp(cnp, NOW);

describe('valid CNPs', () => {
  it.each([
    ['1850312401233', '1985-03-12', 'M', '40'],
    ['2960229123454', '1996-02-29', 'F', '12'], // 29 February of a leap year
    ['5000229123453', '2000-02-29', 'M', '12'], // 2000 is a leap year (divisible by 400)
    ['6000229123455', '2000-02-29', 'F', '12'],
    ['2990228123456', '1999-02-28', 'F', '12'],
    ['4991231123457', '1899-12-31', 'F', '12'], // 3/4: born in the 1800s
    ['7030815019878', '2003-08-15', 'M', '01'], // resident foreigner, 20xx fits
    ['9300101123453', '1930-01-01', 'M', '12'], // 2030 would be in the future, so 1930
    ['5000101400012', '2000-01-01', 'M', '40'],
  ])('%s is born %s', (cnp, birthDate, sex, countyCode) => {
    expect(parseCnp(cnp, NOW)).toEqual({ birthDate, sex, countyCode });
  });

  it('accepts county codes issued today beyond the 1-52 range (70, 80-83) and a surrounding space', () => {
    expect(valid('1850312700016')).toBe(true);
    expect(valid('1850312830012')).toBe(true);
    expect(valid('1850312520011')).toBe(true);
    expect(valid(' 1850312401233 ')).toBe(true);
  });

  it('applies the remainder-10 rule: a weighted sum of 10 mod 11 gives the control digit 1', () => {
    expect(cnpControlDigit('185031240008')).toBe(1);
    expect(cnpControlDigit('191043012345')).toBe(1);
    expect(valid('1850312400081')).toBe(true);
    expect(valid('1850312400080')).toBe(false); // 10 itself is not a digit, 0 is wrong
    expect(valid('1910430123451')).toBe(true);
  });
});

describe('invalid CNPs', () => {
  it('refuses a wrong control digit', () => {
    expect(valid('1850312401234')).toBe(false);
    expect(valid('1850312401230')).toBe(false);
    expect(valid('2960229123455')).toBe(false);
  });

  it.each([
    ['1900229123453', '29 February 1990, a common year'],
    ['1000229123456', '29 February 1900 (divisible by 100, not by 400)'],
    ['1851312401234', 'month 13'],
    ['1850000401231', 'month and day 00'],
    ['1850332401234', 'day 33'],
    ['1850431401235', '31 April'],
  ])('refuses an impossible date of birth: %s (%s)', (cnp) => {
    expect(valid(cnp)).toBe(false);
  });

  it('refuses a date of birth in the future, judged in Europe/Bucharest', () => {
    expect(isValidCnp('5260101123459', new Date('2025-12-31T12:00:00Z'))).toBe(false);
    expect(isValidCnp('5260101123459', new Date('2026-01-01T12:00:00Z'))).toBe(true);
    // Born 23 Nov 2026: at 22:30 UTC on the 22nd it is already the 23rd in Bucharest.
    expect(isValidCnp('6261123400013', new Date('2026-11-22T21:30:00Z'))).toBe(false);
    expect(isValidCnp('6261123400013', new Date('2026-11-22T22:30:00Z'))).toBe(true);
    expect(valid('6261122400010')).toBe(true); // born today
    expect(valid('6261124400016')).toBe(false); // born tomorrow
  });

  it.each([
    ['185031240123', 'twelve digits'],
    ['18503124012333', 'fourteen digits'],
    ['', 'empty'],
  ])('refuses a wrong length: "%s" (%s)', (cnp) => {
    expect(valid(cnp)).toBe(false);
  });

  it.each([
    ['185031240123A'],
    ['1850312 401233'],
    ['1850-312401233'],
    ['185031240123３'], // a full-width digit
    ['+850312401233'],
    ['1.850312401233'],
  ])('refuses anything but digits: "%s"', (cnp) => {
    expect(valid(cnp)).toBe(false);
  });

  it('refuses first digit 0 even with a matching control digit', () => {
    expect(cnpControlDigit('085031240123')).toBe(1);
    expect(valid('0850312401231')).toBe(false);
  });

  it('refuses county code 00 even with a matching control digit', () => {
    expect(cnpControlDigit('185031200012')).toBe(9);
    expect(valid('1850312000129')).toBe(false);
  });
});

describe('makeCnp', () => {
  it('builds CNPs that parse back to their parts', () => {
    for (const [sex, date, county, serial] of [
      [1, '1985-03-12', '40', 123],
      [2, '1950-12-31', '01', 7],
      [6, '2010-06-30', '52', 999],
    ] as const) {
      const cnp = makeCnp(sex, date, county, serial);
      expect(cnp).toHaveLength(13);
      expect(parseCnp(cnp, NOW)).toMatchObject({ birthDate: date, countyCode: county });
    }
    expect(makeCnp(1, '1985-03-12', '40', 123)).toBe('1850312401233');
  });
});
