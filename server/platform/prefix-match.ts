/**
 * Prefix matches a btree index serves, and the CNP filter of the lists (patients, appointments,
 * documents). The CNP filter matches the start or, from four digits, the end: the lists show a CNP
 * masked as `*********9192`, and those four digits are what staff type (issue 22). The end is
 * read from the `reverse(cnp)` index (migration 0009), as a prefix of the reversed CNP.
 */
import { type SQL, sql } from 'drizzle-orm';
import { CNP_END_MATCH_MIN } from '../../domain/patients';

/** User text inside a LIKE pattern, with %, _ and \\ taken literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of "contains the text", taken literally. */
export const likeContains = (s: string) => `%${escapeLike(s)}%`;

/**
 * `col` starts with `prefix` (digits or +digits): a btree range the index serves, then LIKE for
 * exactness (a collation may order "+" and digits other than byte by byte). `digitsOnly`: the
 * column holds digits only (a CNP), where the range alone is exact under any collation, and
 * without the LIKE a prepared statement's generic plan serves every prefix.
 */
export function startsWith(col: SQL, prefix: string, digitsOnly = false): SQL {
  const digits = prefix.replace(/^\+/, '');
  const cond = sql`${col} like ${`${escapeLike(prefix)}%`}`;
  if (!/^\d+$/.test(digits) || /^9+$/.test(digits)) return sql`(${col} >= ${prefix} and ${cond})`;
  // The next prefix: increment the last digit that is not a 9, drop the 9s after it.
  const lead = prefix.slice(0, prefix.length - digits.length);
  const trimmed = digits.replace(/9+$/, '');
  const upper = `${lead}${trimmed.slice(0, -1)}${Number(trimmed.slice(-1)) + 1}`;
  if (digitsOnly && !lead) return sql`(${col} >= ${prefix} and ${col} < ${upper})`;
  return sql`(${col} >= ${prefix} and ${col} < ${upper} and ${cond})`;
}

/**
 * How many of a CNP's first or last digits the patients' head and tail indexes hold, and how many
 * characters of a phone ("+40" and a mobile operator's "745"): typed exactly, such a value is one
 * key of those indexes, whose patients are already in name order (migration 0019,
 * docs/decisions/0058-cnp-phone-heads.md). Written into the text: the index's own expression.
 */
export const CNP_HEAD = 4;
export const PHONE_HEAD = 6;

/** `col` starts with `value` of exactly `length` characters, as the head index's expression. */
export function headIs(col: SQL, value: string, length: number): SQL {
  return sql`left(${col}, ${sql.raw(String(length))}) = ${value}`;
}

/** `col` ends with `value` of exactly `length` characters, as the tail index's expression. */
function tailIs(col: SQL, value: string, length: number): SQL {
  return sql`right(${col}, ${sql.raw(String(length))}) = ${value}`;
}

/**
 * The CNP typed is one key of an index (a whole CNP, or exactly its head or tail): every value
 * then has the same plan, and a statement built on `cnpMatchParts` can be prepared once.
 */
export function cnpIsKey(typed: string): boolean {
  const n = typed.replace(/\D/g, '').length;
  return n === CNP_HEAD || n === 13;
}

/**
 * The CNP filter on `cnp` (a patients.cnp column) as its alternatives: equal for 13 digits; from
 * 4 to 12 digits the start or the end; fewer, the start. Null when nothing (no digit) was typed.
 * Each alternative is one range of one index, and they never match the same patient (the end
 * leaves out what the start matches), so their matches can be appended as they are.
 */
export function cnpMatchParts(cnp: SQL, typed: string): SQL[] | null {
  const digits = typed.replace(/\D/g, '');
  if (!digits) return null;
  if (digits.length === 13) return [sql`${cnp} = ${digits}`];
  const head = digits.length === CNP_HEAD;
  const start = head ? headIs(cnp, digits, CNP_HEAD) : startsWith(cnp, digits, true);
  if (digits.length < CNP_END_MATCH_MIN) return [start];
  const end = head
    ? tailIs(cnp, digits, CNP_HEAD)
    : startsWith(sql`reverse(${cnp})`, [...digits].reverse().join(''), true);
  return [start, sql`(${end} and not (${start}))`];
}

/** The CNP filter as one condition (see cnpMatchParts). */
export function cnpMatches(cnp: SQL, typed: string): SQL | null {
  const parts = cnpMatchParts(cnp, typed);
  return parts && (parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`);
}
