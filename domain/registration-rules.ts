/**
 * The zod-free half of the public request's rules (DESIGN §6 "Public registration"): messages,
 * constants and the calendar part of the date rule. The form shows and uses these before the
 * validation library arrives; domain/registration.ts re-exports them with the schemas.
 */
// The same values as REGISTRATION_TIME and MAX_MONTHS_AHEAD of ./appointments (which loads zod);
// domain/registration-rules.test.ts keeps them equal.
import { addMonths, isRealDate, isWeekend } from './dates';

const REGISTRATION_TIME = '08:00';
const MAX_MONTHS_AHEAD = 60;

export const REGISTRATION_MESSAGES = {
  date: 'Va rugam selectati data programarii.',
  time: 'Va rugam selectati ora programarii.',
  agreement: 'Trebuie sa fiti de acord.',
  unavailable: 'Data selectata nu este disponibila!',
  registered: 'Cererea dumneavoastră a fost înregistrată.',
  consentChanged: 'Textul acordului s-a schimbat. Vă rugăm reîncărcați pagina și citiți-l din nou.',
  proofOfWork:
    'Verificarea automată a formularului nu s-a încheiat. Așteptați câteva secunde și trimiteți din nou; dacă mesajul rămâne, reîncărcați pagina.',
  tooManyToday:
    'De la această adresă s-au trimis deja prea multe cereri astăzi. Vă rugăm încercați din nou mâine sau contactați institutul.',
} as const;

/**
 * The first consent text (seeded as this version in consent_texts; {institut} is the institute's
 * name). The form shows the current version from GET /appointment/consent-text and falls back to
 * this one only when that text cannot be loaded; the consents table records the version shown.
 */
export const CONSENT_TEXT_VERSION = 'gdpr-2026-11';
export const CONSENT_TEXT =
  'Sunt de acord ca {institut} să prelucreze datele mele personale și datele privind sănătatea (nume, CNP, date de contact, județ, statut de asigurat, date despre medicul de familie) în scopul programării și efectuării consultației la distanță și al transmiterii rezultatului către medicul de familie, conform Regulamentului (UE) 2016/679 (GDPR). Detalii în protocolul de protecție a datelor.';

/** The hidden field bots fill in and people never see (docs/decisions/0010-registration-abuse.md). */
export const HONEYPOT_FIELD = 'website';

/** The only time a public request can ask for (SPEC §4 "Registration"). */
export const REGISTRATION_SLOT = REGISTRATION_TIME;

/** The last day a request may ask for: today + 60 months (SPEC §9). */
export function lastRegistrationDate(today: string): string {
  return addMonths(today, MAX_MONTHS_AHEAD);
}

/**
 * The calendar part of the rule (DESIGN §6): a weekday, today or later, within 60 months.
 * Unavailable days and the daily capacity are the server's part.
 */
export function isSelectableRegistrationDate(isoDate: string, today: string): boolean {
  return (
    isRealDate(isoDate) && !isWeekend(isoDate) && isoDate >= today && isoDate <= lastRegistrationDate(today)
  );
}
