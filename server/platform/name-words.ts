/**
 * The name filter of the lists: a patient matches when, for every word typed, a word of the
 * name starts with it, in any order and without diacritics ("petru mat" finds "Matei Petru",
 * "stefan" finds "Ștefan" and "Ștefania"). The words of each name live in patient_name_words,
 * kept by a trigger (migration 0012); each typed word is one range of its text_pattern_ops index,
 * and the index holds the folded name too, so a page in name order and its count never read the
 * patients table (docs/decisions/0044-name-words-index.md).
 */
import { type SQL, sql } from 'drizzle-orm';
import { foldText } from '../../domain/text';
import { customPlan } from './page-sql';

/** The words as the trigger splits a name: folded, at spaces and hyphens. */
export function nameWords(text: string): string[] {
  return [...new Set(foldText(text).split(/[ -]+/).filter(Boolean))];
}

/** The largest code point: every text starting with `w` sorts (byte-wise) before w + this. */
const LAST = String.fromCodePoint(0x10ffff);

/**
 * `(patient_id, name_search)` of the matching patients, once each; null when no word was typed.
 * The range operators of text_pattern_ops (~>=~, ~<~) keep the index usable with the prefix as a
 * parameter, so the statement's prepared plan serves every prefix.
 */
export function nameMatches(text: string): SQL | null {
  const words = nameWords(text);
  if (!words.length) return null;
  // Planned for the words typed: a rare and a common prefix want different plans.
  const one = (w: string) =>
    sql`select patient_id, name_search from patient_name_words where word ~>=~ ${w} and word ~<~ ${w + LAST} and ${customPlan}`;
  // A name may hold two words starting with the same letters ("Pop Popescu"): `intersect` and
  // `distinct` keep each patient once.
  return words.length === 1
    ? sql`select distinct patient_id, name_search from patient_name_words where word ~>=~ ${words[0]} and word ~<~ ${words[0] + LAST} and ${customPlan}`
    : sql.join(words.map(one), sql` intersect `);
}

/**
 * The same rule as a condition on a row's patient id (`patientId`), one `exists` per typed word,
 * each answered from the (patient_id, word) index. An appointment list can then be walked in its
 * own order and checked row by row when the name is common, or collected from the words index
 * when it is rare: the planner chooses from its estimates, as it does for any other filter.
 */
export function nameMatchesPatient(patientId: SQL, text: string): SQL | null {
  const words = nameWords(text);
  if (!words.length) return null;
  const each = words.map(
    (w) =>
      sql`exists (select 1 from patient_name_words w where w.patient_id = ${patientId} and w.word ~>=~ ${w} and w.word ~<~ ${w + LAST} and ${customPlan})`,
  );
  return sql.join(each, sql` and `);
}
