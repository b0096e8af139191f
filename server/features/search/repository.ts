/** The ranked patient search (ranks in domain/search.ts SearchPatient.rank). */
import { type SQL, sql } from 'drizzle-orm';
import { foldText, searchWords } from '../../../domain/text';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';

/** `like` pattern piece of user text, with %, _ and \ taken literally. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type FoundPatient = {
  id: number;
  name: string;
  cnp: string;
  phone: string;
  email: string | null;
  rank: number;
};

export async function searchPatients(db: Db, q: string, limit: number): Promise<FoundPatient[]> {
  const name = foldText(q);
  const digits = q.replace(/[\s.()+-]/g, '');
  const isDigits = /^\d+$/.test(digits);
  const phone = normalizePhone(q);
  const email = q.includes('@') ? q.trim().toLowerCase() : null;

  // The conditions by rank (how good the match is), each answered from an index; a rank may
  // have several parts (each its own query).
  const byRank: Part[][] = [[], [], [], []];
  const matches = (where: SQL): Part => ({ where, walk: false });
  if (isDigits) {
    byRank[0].push(matches(sql`cnp = ${digits}`));
    byRank[2].push(matches(sql`cnp like ${`${digits}%`}`));
    // Phones are stored as E.164; the digits after the national 0 find partial numbers too.
    const national = digits.replace(/^(00)?40|^0/, '');
    if (national.length >= 3) byRank[3].push(matches(sql`phone like ${`%${national}%`}`));
  }
  if (phone) byRank[0].push(matches(sql`phone = ${phone}`));
  if (email) {
    byRank[0].push(matches(sql`lower(email) = ${email}`));
    byRank[2].push(matches(sql`lower(email) like ${`%${literal(email)}%`}`));
  }
  if (name && !isDigits) {
    const contains = `%${literal(name)}%`;
    byRank[1].push(namePrefix(name), matches(sql`name_search like ${`% ${literal(name)}%`}`));
    byRank[2].push(matches(sql`name_search like ${contains}`));
    if (!email) byRank[3].push(matches(sql`lower(email) like ${contains}`));
    // The words in another order ("Petru Matei" finds "Matei Petru"): each word starts a word
    // of the name; the trigram index answers the "inside" half, the rest is a recheck.
    const words = searchWords(q);
    if (words.length > 1) {
      const each = words.map(
        (w) => sql`name_search like ${`%${literal(w)}%`} and (' ' || name_search) like ${`% ${literal(w)}%`}`,
      );
      byRank[1].push(matches(sql.join(each, sql` and `)));
    }
  }
  // Rank by rank, each part stopping at `limit` in name order, until `limit` patients are found:
  // a common name is answered by its first rank alone instead of ranking its thousands of
  // matches. A patient found again by a worse rank keeps the better one; `limit` per part is
  // enough, since a better-ranked patient only ever displaces a worse one.
  const found = new Map<number, Found>();
  for (const [rank, parts] of byRank.entries()) {
    for (const part of parts)
      for (const row of await firstByName(db, part, limit))
        if (!found.has(row.id)) found.set(row.id, { ...row, rank });
    if (found.size >= limit) break;
  }
  return [...found.values()]
    .sort((a, b) => a.rank - b.rank || compare(a.name_search, b.name_search) || a.id - b.id)
    .slice(0, limit)
    .map(({ name_search: _, ...patient }) => patient);
}

type Part = { where: SQL; walk: boolean; startsWith?: string };
type Found = FoundPatient & { name_search: string };

/** Code-point order, as the database's own (C) ordering of the folded names. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names starting with the text, as a range of the name index walked in order: it stops after
 * `limit` entries however common the name (the planner does not turn `like 'x%'` into a range
 * under every collation, and with the `like` beside the range it collects every match again).
 * The folded text is lower-case letters, digits and spaces, so the range ends at the text with
 * its last character raised; after a "z" the trigram index is used instead. `startsWith` keeps
 * the range exact under a collation that orders by letters first (spaces ignored).
 */
function namePrefix(name: string): Part {
  const last = name.at(-1) ?? '';
  if (!/[a-y0-8]/.test(last)) return { where: sql`name_search like ${`${literal(name)}%`}`, walk: false };
  const next = name.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) + 1);
  return { where: sql`name_search >= ${name} and name_search < ${next}`, walk: true, startsWith: name };
}

/**
 * The first `limit` patients of a condition in name order. Other than a prefix range, the
 * matches are collected from their (trigram or unique) index and then sorted: `offset 0` stops
 * the planner from walking the name index instead, which it prefers for common words and which
 * costs a walk of most of the index when the matches sort late ("popescu": 60 ms at 100,000).
 */
async function firstByName(db: Db, part: Part, limit: number): Promise<Omit<Found, 'rank'>[]> {
  const columns = sql`id, name, cnp, phone, email, name_search`;
  const query = part.walk
    ? sql`select ${columns} from patients where ${part.where} order by name_search, id limit ${limit}`
    : sql`select * from (select ${columns} from patients where ${part.where} offset 0) m
          order by name_search, id limit ${limit}`;
  const res = (await db.execute(query)) as unknown as { rows: Omit<Found, 'rank'>[] };
  const prefix = part.startsWith;
  return prefix === undefined ? res.rows : res.rows.filter((r) => r.name_search.startsWith(prefix));
}
