import { describe, expect, it } from 'vitest';
import { isGsm7, smsSegments } from '../../../domain/sms';
import * as texts from './messages';

const sender: texts.Sender = {
  institute: 'Institutul de Urgență pentru Boli Cardiovasculare și Transplant',
  signature: 'IUBCVT',
  contactEmail: 'consultatii@institut.example',
  phone: '021 000 0000',
};
// A link as long as a real one: https + a 20-character host + /p/ + the 43-character token.
const link = `https://programari.institut.ro/p/${'a'.repeat(43)}`;
const m: texts.Moment = {
  patientName: 'Ștefan Mureșan',
  date: '2026-12-14',
  time: '09:30',
  calendar: 'Ambulatoriu cardiologie, etajul 2',
  inPerson: true,
};

describe('the journey SMS texts', () => {
  const all = {
    requestReceived: texts.requestReceived(m, sender, link).sms,
    scheduled: texts.scheduled(m, sender, link).sms,
    confirmed: texts.scheduled({ ...m, inPerson: false }, sender, link).sms,
    moved: texts.moved(m, sender, link, { date: '2026-12-10', time: '10:00' }).sms,
    reminder: texts.reminder(m, sender, link).sms,
    cancelled: texts.cancelled(m, sender).sms,
    waitlistOffer: texts.waitlistOffer(m, sender, link, { date: '2026-12-12', time: '11:30' }).sms,
  };

  it.each(Object.entries(all))('%s: one GSM-7 segment with the date, no name and no place', (_name, sms) => {
    expect(isGsm7(sms)).toBe(true);
    expect(smsSegments(sms)).toBe(1);
    expect(sms).toContain('14.12.2026');
    expect(sms).not.toMatch(/Mure|Stefan|Ambulatoriu|cardiologie/i);
  });

  it('e-mails keep their diacritics and name the place', () => {
    const e = texts.scheduled(m, sender, link);
    expect(e.text).toContain('Bună ziua, Ștefan Mureșan,');
    expect(e.text).toContain('- locul: Ambulatoriu cardiologie, etajul 2');
    expect(e.text).toContain(link);
    expect(e.subject).not.toContain('Ambulatoriu');
  });

  it('a waitlist offer says until when the place is held, with the link', () => {
    const o = texts.waitlistOffer(m, sender, link, { date: '2026-12-12', time: '11:30' });
    expect(o.sms).toContain('pana la 11:30');
    expect(o.sms).toContain(link);
    expect(o.text).toContain('Locul este rezervat pentru dumneavoastră până pe 12.12.2026, la ora 11:30.');
    expect(o.text).toContain('- locul: Ambulatoriu cardiologie, etajul 2');
    expect(o.text).toContain(link);
  });
});
