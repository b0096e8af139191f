/** Lower-case and strip diacritics, so "Ștefan" and "stefan" compare equal (search columns). */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The distinct folded words of a search text: a name search matches when every word is in the
 * name, in any order ("Petru Matei" finds "Matei Petru").
 */
export function searchWords(s: string): string[] {
  return [...new Set(foldText(s).split(' ').filter(Boolean))];
}

/** Titles a name may already carry ("Dr. Ana Pop", "Prof. dr. Ion Ionescu", "Conf. Dr. ..."). */
const TITLE = /^(dr|prof|conf|asist|șef lucr|sef lucr)(\.|\s)/i;

/**
 * The salutation of a letter to a colleague: "Stimate/Stimată Dr. Ana Pop," and, when the name
 * already holds a title, not a second one ("Stimate/Stimată Dr. Ana Pop,", never "Dr. Dr.").
 */
export function colleagueSalutation(name: string | null | undefined): string {
  const n = (name ?? '').trim().replace(/\s+/g, ' ');
  if (!n) return 'Stimate coleg,';
  return TITLE.test(n) ? `Stimate/Stimată ${n},` : `Stimate/Stimată Dr. ${n},`;
}

/**
 * Control characters (CR, LF, tab, NUL, C1, line/paragraph separators): never in a name or a
 * title, which end up in e-mail headers, PDFs, calendar feeds and CSV exports.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const CONTROL_CHARS_MESSAGE =
  'Textul nu poate conține caractere de control (de exemplu, un rând nou).';
/** Whether a name or title is free of control characters (a zod refinement). */
export const withoutControlChars = (v: string) => !CONTROL_CHARS.test(v);
