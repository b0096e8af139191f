/**
 * Romanian personal numeric code (CNP) validation, as settled in DESIGN §6:
 * 13 digits, first digit 1-9, a real date of birth not in the future, county code not 00,
 * control digit = weighted sum mod 11 (10 becomes 1).
 */
import { clinicToday, isRealYmd } from '../dates';

const WEIGHTS = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9] as const;

export type CnpInfo = {
  birthDate: string; // YYYY-MM-DD
  sex: 'M' | 'F';
  countyCode: string;
};

export function cnpControlDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * WEIGHTS[i];
  const rest = sum % 11;
  return rest === 10 ? 1 : rest;
}

function pad(n: number, len = 2): string {
  return String(n).padStart(len, '0');
}

/** Parses a CNP; returns null when it is not valid. `now` decides what "the future" is. */
export function parseCnp(raw: string, now: Date = new Date()): CnpInfo | null {
  const cnp = raw.trim();
  if (!/^[1-9]\d{12}$/.test(cnp)) return null;
  if (cnpControlDigit(cnp.slice(0, 12)) !== Number(cnp[12])) return null;
  const s = Number(cnp[0]);
  const yy = Number(cnp.slice(1, 3));
  const month = Number(cnp.slice(3, 5));
  const day = Number(cnp.slice(5, 7));
  const county = cnp.slice(7, 9);
  if (county === '00') return null;
  const today = clinicToday(now);
  const candidates: number[] =
    s === 1 || s === 2 ? [1900] : s === 3 || s === 4 ? [1800] : s === 5 || s === 6 ? [2000] : [2000, 1900];
  for (const century of candidates) {
    const year = century + yy;
    if (!isRealYmd(year, month, day)) continue;
    const birthDate = `${year}-${pad(month)}-${pad(day)}`;
    if (birthDate > today) continue;
    // 7/8 are foreign residents (odd male, even female); 9 is a foreigner without sex information.
    const sex: 'M' | 'F' = s % 2 === 1 ? 'M' : 'F';
    return { birthDate, sex, countyCode: county };
  }
  return null;
}

export function isValidCnp(raw: string, now?: Date): boolean {
  return parseCnp(raw, now) !== null;
}

/** Age in whole years on `onDate` (YYYY-MM-DD). */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age;
}

/** Builds a valid CNP from its parts (used by demo data and tests). */
export function makeCnp(sexDigit: number, birthDate: string, countyCode: string, serial: number): string {
  const [y, m, d] = birthDate.split('-');
  const first12 = `${sexDigit}${y.slice(2)}${m}${d}${countyCode}${pad(serial % 1000, 3)}`;
  return first12 + String(cnpControlDigit(first12));
}

/**
 * What a CNP field keeps of typed or pasted text: spaces removed first, then at most 13
 * characters (a field's own maxLength would cut a pasted " 1850314401239" to 12 digits).
 */
export function cnpInput(text: string): string {
  return text.replace(/\s+/g, '').slice(0, 13);
}
