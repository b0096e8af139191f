/** Lower-case and strip diacritics, so "Ștefan" and "stefan" compare equal (search columns). */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
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
