/**
 * The zod-free half of the public request's rules (DESIGN §6 "Public registration"): messages,
 * constants and the calendar part of the date rule. The form shows and uses these before the
 * validation library arrives; domain/registration.ts re-exports them with the schemas.
 */
// The same values as REGISTRATION_TIME and MAX_MONTHS_AHEAD of ./appointments (which loads zod);
// domain/registration-rules.test.ts keeps them equal.
const REGISTRATION_TIME = '08:00';
const MAX_MONTHS_AHEAD = 60;

export const REGISTRATION_MESSAGES = {
  date: 'Va rugam selectati data programarii.',
  time: 'Va rugam selectati ora programarii.',
  agreement: 'Trebuie sa fiti de acord.',
  unavailable: 'Data selectata nu este disponibila!',
  registered: 'Cererea dumneavoastră a fost înregistrată.',
  consentChanged: 'Textul acordului s-a schimbat. Va rugam reincarcati pagina si cititi-l din nou.',
} as const;

/**
 * The first consent text (seeded as this version in consent_texts; {institut} is the institute's
 * name). The form shows the current version from GET /appointment/consent-text and falls back to
 * this one only when that text cannot be loaded; the consents table records the version shown.
 */
export const CONSENT_TEXT_VERSION = 'gdpr-2026-11';
export const CONSENT_TEXT =
  'Sunt de acord ca {institut} să prelucreze datele mele personale și datele privind sănătatea (nume, CNP, date de contact, județ, statut de asigurat, date despre medicul de familie) în scopul programării și efectuării consultației la distanță și al transmiterii rezultatului către medicul de familie, conform Regulamentului (UE) 2016/679 (GDPR). Detalii în protocolul de protecție a datelor.';

/** The hidden field bots fill in and people never see (docs/decisions/registration-abuse.md). */
export const HONEYPOT_FIELD = 'website';

/** The only time a public request can ask for (SPEC §4 "Registration"). */
export const REGISTRATION_SLOT = REGISTRATION_TIME;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** 0 = Sunday ... 6 = Saturday of a YYYY-MM-DD date, independent of the process time zone. */
export function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isWeekend(isoDate: string): boolean {
  const w = weekdayOf(isoDate);
  return w === 0 || w === 6;
}

/** Adds whole months to YYYY-MM-DD; the day is clamped to the month's end (31 Jan + 1 = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total % 12;
  const lastDay = new Date(Date.UTC(ny, nm + 1, 0)).getUTCDate();
  const nd = Math.min(d, lastDay);
  return `${String(ny).padStart(4, '0')}-${String(nm + 1).padStart(2, '0')}-${String(nd).padStart(2, '0')}`;
}

/** Today as YYYY-MM-DD in Europe/Bucharest, whatever the time zone of the machine. */
export function bucharestToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Bucharest',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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
    isIsoDate(isoDate) && !isWeekend(isoDate) && isoDate >= today && isoDate <= lastRegistrationDate(today)
  );
}
