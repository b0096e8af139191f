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
 * Characters nobody sees: zero-width spaces and joiners, direction marks and overrides, word
 * joiners, the BOM. In a name they make "Popescu" and "Popescu" two patients, or show a name
 * backwards in a list, an e-mail or a PDF (issue 54): refused wherever a person types a name, a
 * title or a note.
 */
const INVISIBLE_CHARS = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/**
 * Control characters (CR, LF, tab, NUL, C1, line/paragraph separators) and the invisible ones:
 * never in a name or a title, which end up in e-mail headers, PDFs, calendar feeds and CSV exports.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const CONTROL_CHARS_MESSAGE =
  'Textul nu poate conține caractere de control sau invizibile (de exemplu, un rând nou).';
/** Whether a name or title is free of control and invisible characters (a zod refinement). */
export const withoutControlChars = (v: string) => !CONTROL_CHARS.test(v) && !INVISIBLE_CHARS.test(v);
export const INVISIBLE_CHARS_MESSAGE = 'Textul nu poate conține caractere invizibile.';
/** Whether a text of several lines (a note) is free of invisible characters. */
export const withoutInvisibleChars = (v: string) => !INVISIBLE_CHARS.test(v);
