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

  // Each branch narrows by an indexed column; the rank says how good the match is.
  const ranks: SQL[] = [];
  const where: SQL[] = [];
  if (isDigits) {
    where.push(sql`cnp like ${`${digits}%`}`);
    ranks.push(sql`when cnp = ${digits} then 0`, sql`when cnp like ${`${digits}%`} then 2`);
    // Phones are stored as E.164; the digits after the national 0 find partial numbers too.
    const national = digits.replace(/^(00)?40|^0/, '');
    if (national.length >= 3) {
      where.push(sql`phone like ${`%${national}%`}`);
      ranks.push(sql`when phone like ${`%${national}%`} then 3`);
    }
  }
  if (phone) {
    where.push(sql`phone = ${phone}`);
    ranks.unshift(sql`when phone = ${phone} then 0`);
  }
  if (email) {
    where.push(sql`lower(email) like ${`%${literal(email)}%`}`);
    ranks.unshift(sql`when lower(email) = ${email} then 0`);
    ranks.push(sql`when lower(email) like ${`%${literal(email)}%`} then 2`);
  }
  if (name && !isDigits) {
    const prefix = `${literal(name)}%`;
    const wordPrefix = `% ${literal(name)}%`;
    const contains = `%${literal(name)}%`;
    where.push(sql`name_search like ${contains}`);
    ranks.push(
      sql`when name_search like ${prefix} or name_search like ${wordPrefix} then 1`,
      sql`when name_search like ${contains} then 2`,
    );
    if (!email) {
      where.push(sql`lower(email) like ${contains}`);
      ranks.push(sql`when lower(email) like ${contains} then 3`);
    }
  }
  if (where.length === 0) return [];
  const res = (await db.execute(sql`
    select id, name, cnp, phone, email, rank from (
      select id, name, cnp, phone, email, name_search,
        case ${sql.join(ranks, sql` `)} else 4 end as rank
      from patients where ${sql.join(where, sql` or `)}
    ) found
    order by rank, name_search, id
    limit ${limit}`)) as unknown as { rows: FoundPatient[] };
  return res.rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
