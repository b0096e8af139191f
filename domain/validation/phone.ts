/**
 * Romanian phone numbers (SPEC §5, DESIGN §6): optional "+4" prefix, then 07[0-8]d, 02xx or 03xx,
 * an optional separator (space, dot, dash), then two groups of 3 digits. A leading +40 / 0040
 * (with or without a separator) is first turned into 0 so the international forms are accepted too,
 * and the usual other groupings of the same ten digits are accepted (`isGroupedNational`).
 */
const SPEC_PATTERN = /^(\+4)?(07[0-8]\d|02\d{2}|03\d{2})[\s.-]?\d{3}[\s.-]?\d{3}$/;

function toNational(raw: string): string {
  const s = raw.trim();
  const m = /^(?:\+40|0040)[\s.-]?(.*)$/.exec(s);
  if (m) return `0${m[1]}`;
  // "+4" followed by the national form is the spec's own optional prefix.
  return s;
}

/** The number itself, as the spec's pattern wants it once its separators are gone. */
const NATIONAL_DIGITS = /^(07[0-8]\d|02\d{2}|03\d{2})\d{6}$/;

/**
 * The groupings people write besides the spec's 4-3-3 (issue 54): "021 234 5678" (Bucharest's
 * landlines, the institute's own number), "0745 61 23 89", "07 45 61 23 89": groups of two to
 * four digits, one space, dot or dash between them. The number is the spec's all the same.
 */
function isGroupedNational(s: string): boolean {
  const groups = s.split(/[\s.-]/);
  return (
    groups.length > 1 && groups.every((g) => /^\d{2,4}$/.test(g)) && NATIONAL_DIGITS.test(groups.join(''))
  );
}

export function isValidPhone(raw: string): boolean {
  if (typeof raw !== 'string' || raw.length > 30) return false;
  const s = raw.trim();
  const national = toNational(s);
  return SPEC_PATTERN.test(s) || SPEC_PATTERN.test(national) || isGroupedNational(national);
}

/** E.164 form, e.g. +40722123456; null when the number is not valid. */
export function normalizePhone(raw: string): string | null {
  if (!isValidPhone(raw)) return null;
  let digits = raw.replace(/[^\d+]/g, '');
  if (digits.startsWith('+40')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0040')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('+4')) digits = digits.slice(2);
  return `+40${digits.slice(1)}`;
}

/** Display form: 0722 123 456. Accepts E.164 or anything normalizePhone accepts. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const e164 = value.startsWith('+40') && /^\+40\d{9}$/.test(value) ? value : normalizePhone(value);
  if (!e164) return value;
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
}
