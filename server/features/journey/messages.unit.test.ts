import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, smsSegments } from '../../../domain/sms';
import * as texts from './messages';

const sender: texts.Sender = {
  institute: 'Institutul de Urgență pentru Boli Cardiovasculare și Transplant',
  signature: 'IUBCVT',
  contactEmail: 'consultatii@institut.example',
  phone: '021 000 0000',
  callingNumber: '0721 000 000',
};
// A real link: a 38-character PUBLIC_URL, /p/ and the 22-character token (decision 0092).
const PUBLIC_URL = 'https://programari.institutul-inimii.ro';
const link = `${PUBLIC_URL}/p/${'a'.repeat(22)}`;
const m: texts.Moment = {
  patientName: 'Ștefan Mureșan',
  date: '2026-12-14',
  time: '09:30',
  calendar: 'Ambulatoriu cardiologie, etajul 2',
  remote: false,
};
const remote: texts.Moment = { ...m, calendar: 'Consultații la distanță', remote: true };

/** Every SMS the product sends (all come from the journey's templates), for a moment and a sender. */
const everySms = (visit: texts.Moment, call: texts.Moment, s: texts.Sender, url: string) => ({
  requestReceived: texts.requestReceived(call, s, url).sms,
  scheduled: texts.scheduled(visit, s, url).sms,
  'scheduled, remote': texts.scheduled(call, s, url).sms,
  moved: texts.moved(visit, s, url, { date: '2026-12-10', time: '10:00' }).sms,
  'moved, remote': texts.moved(call, s, url, { date: '2026-12-10', time: '10:00' }).sms,
  reminder: texts.reminder(visit, s, url).sms,
  'reminder, remote': texts.reminder(call, s, url).sms,
  cancelled: texts.cancelled(visit, s).sms,
  'cancelled, remote': texts.cancelled(call, s).sms,
  waitlistOffer: texts.waitlistOffer(visit, s, url, { date: '2026-12-12', time: '11:30' }).sms,
});

describe('the journey SMS texts', () => {
  it.each(Object.entries(everySms(m, remote, sender, link)))(
    '%s: one GSM-7 segment with the date, no name and no place',
    (_name, sms) => {
      expect(isGsm7(sms)).toBe(true);
      expect(smsSegments(sms)).toBe(1);
      expect(sms).toContain('14.12.2026');
      expect(sms).not.toMatch(/Mure|Stefan|Ambulatoriu|cardiologie|distanta \(|Consultatii/i);
    },
  );

  // Issue 54, item 21: with a real PUBLIC_URL the SMS went over 160. At the longest values the
  // README allows (an 11-character signature, numbers of 15 characters, this PUBLIC_URL) each fits.
  const longest: texts.Sender = {
    ...sender,
    signature: 'INSTITUTCVT',
    phone: '+40 21 318 4000',
    callingNumber: '+40 721 234 567',
  };
  it.each(Object.entries(everySms(m, remote, longest, link)))(
    '%s fits in 160 GSM-7 characters at the longest realistic values',
    (_name, sms) => {
      expect(PUBLIC_URL).toHaveLength(39);
      expect(isGsm7(sms)).toBe(true);
      expect(gsm7Length(sms), sms).toBeLessThanOrEqual(160);
    },
  );

  it('a remote consultation is worded as a call from the institute, a visit as before', () => {
    const r = everySms(m, remote, sender, link);
    expect(r['scheduled, remote']).toBe(
      `IUBCVT: consultatie la distanta 14.12.2026 ora 09:30, va sunam de la 0721 000 000: ${link}`,
    );
    expect(r['reminder, remote']).toBe(
      `IUBCVT: reamintire: va sunam pe 14.12.2026 ora 09:30 de la 0721 000 000. Confirmati: ${link}`,
    );
    expect(r['moved, remote']).toContain('va sunam de la 0721 000 000');
    expect(r.scheduled).toBe(
      `IUBCVT: programare 14.12.2026 ora 09:30. Detalii, confirmare, anulare: ${link}`,
    );
    for (const e of [
      texts.scheduled(remote, sender, link),
      texts.reminder(remote, sender, link),
      texts.moved(remote, sender, link, { date: '2026-12-10', time: '10:00' }),
    ]) {
      expect(e.text).toContain('vă sunăm de la numărul 0721 000 000');
      expect(e.text).toContain('confirma că sunteți disponibil la telefon');
      expect(e.text).not.toMatch(/act(ul)? de identitate|Dacă nu (mai )?puteți ajunge|confirma prezența/);
    }
    const visit = texts.scheduled(m, sender, link);
    expect(visit.text).toContain('- actul de identitate (buletin sau carte de identitate);');
    expect(visit.text).toContain('Dacă nu puteți ajunge, vă rugăm să ne anunțați din timp.');
    expect(visit.text).not.toContain('vă sunăm');
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

  it('the request e-mail promises the confirmation as the public page does (SPEC: messaging app or e-mail)', () => {
    const e = texts.requestReceived(remote, sender, link);
    expect(e.text).toContain(
      '- În cel mult 48 de ore veți primi confirmarea, printr-o aplicație de mesagerie sau prin e-mail.',
    );
    expect(e.text).not.toContain('prin SMS');
    expect(e.text).toContain('vă sunăm de la numărul 0721 000 000');
  });
});
