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
