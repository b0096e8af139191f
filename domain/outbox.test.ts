import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, maskRecipient, maskRecipientsIn } from './outbox';

describe('recipient masks', () => {
  it('keeps the first letter and the domain of an address', () => {
    expect(maskEmail('maria.pop@domeniu.ro')).toBe('m***@domeniu.ro');
    expect(maskEmail('nu-e-adresa')).toBe('***');
  });

  it('keeps the country code, the first digit and the last three of a number', () => {
    expect(maskPhone('+40722123123')).toBe('+40 7** *** 123');
    expect(maskPhone('+4915112345678')).toBe('+49*** 678');
    expect(maskRecipient('sms', '+40744000987')).toBe('+40 7** *** 987');
    expect(maskRecipient('email', 'ion@x.ro')).toBe('i***@x.ro');
  });

  it('masks every address and number in a relay error', () => {
    expect(maskRecipientsIn('550 5.1.1 <ana.ionescu@spital.ro>: Recipient address rejected')).toBe(
      '550 5.1.1 <a***@spital.ro>: Recipient address rejected',
    );
    expect(maskRecipientsIn('invalid number +40722123456')).toBe('invalid number +40 7** *** 456');
    expect(maskRecipientsIn('Connection timeout')).toBe('Connection timeout');
  });

  it("masks a patient's link a gateway echoes back, whole or cut off", () => {
    const token = 'Ab9_-'.repeat(8) + 'xyz';
    expect(maskRecipientsIn(`400 text too long: "INSTITUT: detalii https://programari.ro/p/${token} "`)).toBe(
      '400 text too long: "INSTITUT: detalii https://programari.ro/p/*** "',
    );
    // The stored error keeps 200 characters: a token cut off there opens nothing, but is masked too.
    expect(maskRecipientsIn(`rejected: https://programari.ro/p/${token.slice(0, 20)}`)).toBe(
      'rejected: https://programari.ro/p/***',
    );
  });
});
