/** The ranked patient search (ranks in domain/search.ts SearchPatient.rank). */
import { type SQL, sql } from 'drizzle-orm';
import { foldText } from '../../../domain/text';
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

  // The conditions by rank (how good the match is); each one narrows by an indexed column.
  const byRank: SQL[][] = [[], [], [], []];
  if (isDigits) {
    byRank[0].push(sql`cnp = ${digits}`);
    byRank[2].push(sql`cnp like ${`${digits}%`}`);
    // Phones are stored as E.164; the digits after the national 0 find partial numbers too.
    const national = digits.replace(/^(00)?40|^0/, '');
    if (national.length >= 3) byRank[3].push(sql`phone like ${`%${national}%`}`);
  }
  if (phone) byRank[0].push(sql`phone = ${phone}`);
  if (email) {
    byRank[0].push(sql`lower(email) = ${email}`);
    byRank[2].push(sql`lower(email) like ${`%${literal(email)}%`}`);
  }
  if (name && !isDigits) {
    const contains = `%${literal(name)}%`;
    byRank[1].push(
      sql`name_search like ${`${literal(name)}%`}`,
      sql`name_search like ${`% ${literal(name)}%`}`,
    );
    byRank[2].push(sql`name_search like ${contains}`);
    if (!email) byRank[3].push(sql`lower(email) like ${contains}`);
  }
  // One query per rank, each stopping at `limit` in name order (a common name no longer sorts
  // all its thousands of matches: the name index is walked until the page is full). A patient
  // found by several ranks keeps the best; `limit` per rank is enough for the overall first
  // `limit`, since a better-ranked patient only ever displaces a worse one.
  const parts = byRank.flatMap((conds, rank) =>
    conds.length
      ? [
          sql`(select id, name, cnp, phone, email, name_search, ${rank}::int as rank from patients
               where ${sql.join(conds, sql` or `)} order by name_search, id limit ${limit})`,
        ]
      : [],
  );
  if (parts.length === 0) return [];
  const res = (await db.execute(sql`
    select id, name, cnp, phone, email, rank from (
      select distinct on (id) id, name, cnp, phone, email, name_search, rank
      from (${sql.join(parts, sql` union all `)}) candidates
      order by id, rank
    ) found
    order by rank, name_search, id
    limit ${limit}`)) as unknown as { rows: FoundPatient[] };
  return res.rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
