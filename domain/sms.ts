/**
 * SMS text rules (issue 15): what a phone receives is GSM-7, so a message stays one segment of
 * 160 characters where it can (a single ă would make the whole message UCS-2, 70 characters a
 * segment). Diacritics are transliterated for SMS only; e-mails keep them. Quiet hours: no SMS
 * between 21:00 and 08:00 Europe/Bucharest, what falls in them waits until 08:00.
 */
import { addDays, clinicInstant, clinicParts } from './dates';
import { normalizePhone } from './validation/phone';

/** The GSM 03.38 basic character set (one septet each). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each takes two septets (an escape and the character). */
const GSM_EXTENDED = '^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

/** Romanian letters, comma-below and the older cedilla forms, in lower case. */
const ROMANIAN_LETTERS: Record<string, string> = {
  ă: 'a',
  â: 'a',
  î: 'i',
  ș: 's',
  '\u015f': 's', // ş (cedilla)
  ț: 't',
  '\u0163': 't', // ţ (cedilla)
};

/** Romanian letters in both cases and common typography. */
const TRANSLITERATION: Record<string, string> = {
  ...ROMANIAN_LETTERS,
  ...Object.fromEntries(
    Object.entries(ROMANIAN_LETTERS).map(([letter, plain]) => [letter.toUpperCase(), plain.toUpperCase()]),
  ),
  '„': '"',
  '”': '"',
  '“': '"',
  '‘': "'",
  '’': "'",
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\t': ' ',
};

/** True when every character of the text is in GSM-7 (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENDED.has(ch)) return false;
  return true;
}

/**
 * The text as GSM-7: Romanian diacritics without their marks, quotes and dashes as their ASCII
 * forms, any other character outside GSM-7 as '?'.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    const t = TRANSLITERATION[ch] ?? ch;
    for (const c of t) out += BASIC.has(c) || EXTENDED.has(c) ? c : '?';
  }
  return out;
}

/** Septets a GSM-7 text takes (extension characters count twice). */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const ch of text) n += EXTENDED.has(ch) ? 2 : 1;
  return n;
}

/**
 * How many SMS segments a text takes: GSM-7 holds 160 septets in one segment, 153 a segment when
 * split; anything else is UCS-2, 70 characters in one, 67 a segment when split.
 */
export function smsSegments(text: string): number {
  if (text.length === 0) return 1;
  if (isGsm7(text)) {
    const n = gsm7Length(text);
    return n <= 160 ? 1 : Math.ceil(n / 153);
  }
  // UCS-2 counts UTF-16 code units.
  const n = text.length;
  return n <= 70 ? 1 : Math.ceil(n / 67);
}

/** Quiet hours on the clinic's clock: no SMS from QUIET_FROM until QUIET_UNTIL. */
export const QUIET_FROM = '21:00';
export const QUIET_UNTIL = '08:00';

/**
 * When an SMS due at `at` falls in the quiet hours, the instant it may go instead (the next
 * 08:00 Europe/Bucharest, daylight-saving changes included); null when it may go at `at`.
 */
export function quietHoursUntil(at: Date): Date | null {
  const { date, time } = clinicParts(at);
  if (time >= QUIET_FROM) return clinicInstant(addDays(date, 1), QUIET_UNTIL);
  if (time < QUIET_UNTIL) return clinicInstant(date, QUIET_UNTIL);
  return null;
}

/** A Romanian mobile number in E.164 (+407…): the only numbers an SMS is sent to. */
export const MOBILE_E164_RE = /^\+407\d{8}$/;

export type ContactChannel = 'email' | 'sms';

/**
 * The channels a patient can be reached on: e-mail when an address is stored, SMS when the stored
 * phone is a Romanian mobile number; none at all is shown to staff on the appointment.
 */
export function contactChannels(c: { email?: string | null; phone?: string | null }): ContactChannel[] {
  const out: ContactChannel[] = [];
  if (c.email?.trim()) out.push('email');
  const phone = c.phone ? normalizePhone(c.phone) : null;
  if (phone && MOBILE_E164_RE.test(phone)) out.push('sms');
  return out;
}

/** What staff see on an appointment whose patient cannot be reached. */
export const NO_CONTACT_MESSAGE = 'Pacientul nu are telefon sau e-mail: nu primește mesaje';
