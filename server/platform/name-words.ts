/**
 * The name filter of the lists: a patient matches when, for every word typed, a word of the
 * name starts with it, in any order and without diacritics ("petru mat" finds "Matei Petru",
 * "stefan" finds "Ștefan" and "Ștefania"). The words of each name live in patient_words,
 * kept by a trigger (migration 0012); each typed word is one range of its text_pattern_ops index,
 * and the index holds the folded name too, so a page in name order and its count never read the
 * patients table (docs/decisions/0044-name-words-index.md).
 */
import { type SQL, sql } from 'drizzle-orm';
import { foldText } from '../../domain/text';
import { patientWords } from '../db/views';
import { customPlan, literalInt } from './page-sql';

/** The words as the trigger splits a name: folded, at spaces and hyphens. */
export function nameWords(text: string): string[] {
  return [...new Set(foldText(text).split(/[ -]+/).filter(Boolean))];
}

/** The largest code point: every text starting with `w` sorts (byte-wise) before w + this. */
const LAST = String.fromCodePoint(0x10ffff);

/** Rows of the words index whose word starts with `w`, as one range of its index. */
const startingWith = (w: string, alias: SQL) =>
  sql`${alias}.word ~>=~ ${w} and ${alias}.word ~<~ ${w + LAST}`;

/**
 * One typed word's patients, each once, without aggregating them: those with the word itself
 * (a word is stored once per name), then those with only longer words starting with it. The
 * first part is one value of the index, already in name order, so a capped count reads only
 * what it needs: at 1,000,000 patients "popescu" is 25,000 names, and collecting them to remove
 * duplicates cost 25 ms a request.
 */
function oneWord(w: string): SQL {
  return sql`(select patient_id, name_search from ${patientWords} where word = ${w} and ${customPlan})
    union all
    (select distinct patient_id, name_search from ${patientWords} w where w.word ~>~ ${w} and w.word ~<~ ${w + LAST}
      and not exists (select 1 from ${patientWords} x where x.patient_id = w.patient_id and x.word = ${w})
      and ${customPlan})`;
}

/**
 * One typed word's first `first` patients in name order, each once. The words starting with it
 * are found one by one, each by a descent of the index (a loose index scan: a recursive query
 * asking for the next word after the last one found); each word's own entries are already in
 * name order, so its first `first` are read and stop. The page is among those few rows: a
 * patient among the first `first` has fewer than `first` patients before them under any of
 * their words. Reading every name with a word in the range instead, and sorting them, cost
 * 18-90 ms for a short prefix at 1,000,000 patients ("mari", "const", "a"); this costs 0.1-1 ms
 * (docs/decisions/0063-name-prefix-loose-scan.md). The plan is the same for any word, so the
 * statement is prepared.
 */
function oneWordFirst(w: string, first: number): SQL {
  return wordFirst(sql`${w}`, sql`${w + LAST}`, first);
}

/**
 * `oneWordFirst` with the word and the end of its range given as SQL: values, or the
 * placeholders `word` and `wordEnd` of a statement built once (their values: `wordRange`).
 */
export function wordFirst(word: SQL, end: SQL, first: number): SQL {
  const n = literalInt(first);
  return sql`with recursive starting(word) as (
      (select s.word from ${patientWords} s where s.word ~>=~ ${word} and s.word ~<~ ${end} order by s.word using ~<~ limit 1)
      union all
      select (select s.word from ${patientWords} s where s.word ~>~ starting.word and s.word ~<~ ${end} order by s.word using ~<~ limit 1)
      from starting where starting.word is not null)
    select distinct f.patient_id, f.name_search from starting
      cross join lateral (select x.patient_id, x.name_search from ${patientWords} x where x.word = starting.word
        order by x.name_search, x.patient_id limit ${n}) f
    order by f.name_search, f.patient_id limit ${n}`;
}

/** The placeholders' values of `wordFirst` built once, for the word `w`. */
export const wordRange = (w: string) => ({ word: w, wordEnd: w + LAST });

/**
 * `(patient_id, name_search)` of the matching patients, once each; null when no word was typed.
 * The range operators of text_pattern_ops (~>=~, ~<~) keep the index usable with the prefix as a
 * parameter. Statements built on it are planned for the words typed (a rare and a common prefix
 * want different plans).
 */
export function nameMatches(text: string): SQL | null {
  const words = nameWords(text);
  if (!words.length) return null;
  if (words.length === 1) return oneWord(words[0]);
  // Several words: one range of the index, the longest word's (a longer prefix starts fewer
  // words), and the others checked on the folded name each entry carries, in any order. Reading
  // one range instead of intersecting all of them halved the full names' cost ("maria popescu"
  // as well as "popescu maria", issue 54, item 22). `distinct`: a name may hold two words starting
  // with the longest one ("Pop Popescu").
  const [lead, ...others] = [...words].sort((a, b) => b.length - a.length);
  const rest = others.map((w) => sql` and strpos(' ' || translate(w.name_search, '-', ' '), ${` ${w}`}) > 0`);
  return sql`select distinct patient_id, name_search from ${patientWords} w
    where ${startingWith(lead, sql`w`)}${sql.join(rest, sql``)} and ${customPlan}`;
}

/**
 * The matching patients of which a page needs the first `first` in name order (`offset + limit`):
 * for one word exactly those (`oneWordFirst`), for several all of them.
 */
export function nameMatchesFirst(text: string, first: number): SQL | null {
  const words = nameWords(text);
  if (words.length === 1) return oneWordFirst(words[0], first);
  return nameMatches(text);
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
      sql`exists (select 1 from ${patientWords} w where w.patient_id = ${patientId} and ${startingWith(w, sql`w`)} and ${customPlan})`,
  );
  return sql.join(each, sql` and `);
}

/**
 * The same rule checked on a folded name at hand (`nameSearch`: an appointment's copy of its
 * patient's name, 0089), for `count` words given as placeholders (their values:
 * `carriedNameValues`), in a statement built once: a list walked in its own order and checked
 * row by row, which pays only when the name is common. The word anywhere in the name first: a
 * plain search rejects most names before the test of where their words start.
 */
export function carriedNameMatches(nameSearch: SQL, count: number): SQL {
  const each = Array.from(
    { length: count },
    (_, i) =>
      sql`strpos(${nameSearch}, ${sql.placeholder(`part${i}`)}) > 0 and strpos(' ' || translate(${nameSearch}, '-', ' '), ${sql.placeholder(`word${i}`)}) > 0`,
  );
  return sql.join(each, sql` and `);
}

/** The placeholders' values of `carriedNameMatches` for the words typed. */
export const carriedNameValues = (words: string[]): Record<string, string> =>
  Object.fromEntries(
    words.flatMap((w, i) => [
      [`part${i}`, w],
      [`word${i}`, ` ${w}`],
    ]),
  );
