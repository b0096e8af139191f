import { describe, expect, it } from 'vitest';
import { isGsm7, quietHoursUntil, smsSegments, toGsm7 } from './sms';

describe('SMS text', () => {
  it('transliterates Romanian diacritics, comma-below and cedilla, lower and upper case', () => {
    expect(toGsm7('ăâîșşțţ ĂÂÎȘŞȚŢ')).toBe('aaisstt AAISSTT');
    expect(toGsm7('Programare confirmată: mâine, ora 09:30, Cardiologie – etajul 2')).toBe(
      'Programare confirmata: maine, ora 09:30, Cardiologie - etajul 2',
    );
  });

  it('keeps GSM-7 characters and replaces anything else', () => {
    expect(toGsm7('Întâlnire „azi” la 10€ 😀 ✓')).toBe('Intalnire "azi" la 10€ ? ?');
    expect(isGsm7(toGsm7('Șțiință în ţară ✓ 😀 ©'))).toBe(true);
    // GSM-7 letters outside ASCII stay as they are.
    expect(toGsm7('é à ü Ø')).toBe('é à ü Ø');
  });

  it('counts segments: 160 GSM-7 septets in one, 153 each when split, extension characters twice', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments(`${'a'.repeat(159)}€`)).toBe(2);
    // One diacritic makes it UCS-2: 70 characters a segment; transliterated it is one segment again.
    const text = `Programare confirmată ${'a'.repeat(60)}`;
    expect(smsSegments(text)).toBe(2);
    expect(smsSegments(toGsm7(text))).toBe(1);
  });
});

describe('quiet hours (21:00-08:00 Europe/Bucharest)', () => {
  it('lets an SMS go between 08:00 and 20:59', () => {
    // Winter, UTC+2: 06:00Z is 08:00, 18:59Z is 20:59.
    expect(quietHoursUntil(new Date('2026-11-25T06:00:00Z'))).toBeNull();
    expect(quietHoursUntil(new Date('2026-11-25T18:59:59Z'))).toBeNull();
    // Summer, UTC+3.
    expect(quietHoursUntil(new Date('2026-07-01T05:00:00Z'))).toBeNull();
  });

  it('holds an evening SMS until 08:00 the next day', () => {
    expect(quietHoursUntil(new Date('2026-11-25T19:00:00Z'))?.toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(quietHoursUntil(new Date('2026-11-25T21:59:00Z'))?.toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(quietHoursUntil(new Date('2026-07-01T18:00:00Z'))?.toISOString()).toBe('2026-07-02T05:00:00.000Z');
  });

  it('holds a night SMS until 08:00 the same day', () => {
    // 22:30Z on the 25th is 00:30 on the 26th in Bucharest.
    expect(quietHoursUntil(new Date('2026-11-25T22:30:00Z'))?.toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(quietHoursUntil(new Date('2026-11-26T05:59:59Z'))?.toISOString()).toBe('2026-11-26T06:00:00.000Z');
  });

  it('finds 08:00 across the spring daylight-saving change (03:00 -> 04:00, 29 March 2026)', () => {
    // 00:30Z is 02:30 EET, before the jump; 08:00 that morning is EEST (UTC+3), 05:00Z.
    expect(quietHoursUntil(new Date('2026-03-29T00:30:00Z'))?.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // The evening before (21:30 EET) waits for the same instant.
    expect(quietHoursUntil(new Date('2026-03-28T19:30:00Z'))?.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(quietHoursUntil(new Date('2026-03-29T05:00:00Z'))).toBeNull();
  });

  it('finds 08:00 across the autumn daylight-saving change (04:00 -> 03:00, 25 October 2026)', () => {
    // 00:30Z is 03:30 EEST, the first of the two 03:30s; 08:00 is then EET (UTC+2), 06:00Z.
    expect(quietHoursUntil(new Date('2026-10-25T00:30:00Z'))?.toISOString()).toBe('2026-10-25T06:00:00.000Z');
    // 01:30Z is the second 03:30 (EET).
    expect(quietHoursUntil(new Date('2026-10-25T01:30:00Z'))?.toISOString()).toBe('2026-10-25T06:00:00.000Z');
    // 21:00 EEST the evening before.
    expect(quietHoursUntil(new Date('2026-10-24T18:00:00Z'))?.toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(quietHoursUntil(new Date('2026-10-25T05:59:00Z'))?.toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(quietHoursUntil(new Date('2026-10-25T06:00:00Z'))).toBeNull();
  });
});
