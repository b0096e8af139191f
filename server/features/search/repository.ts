/** The ranked patient search (ranks in domain/search.ts SearchPatient.rank), each patient with their appointments. */
import { type SQL, sql } from 'drizzle-orm';
import type { SearchPatient } from '../../../domain/search';
import { foldText } from '../../../domain/text';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';
import { appointmentFacts, calendarTitles, patientCards, staffNames } from '../../db/views';
import { builtOnceSql } from '../../platform/built-once';
import { nameMatchesFirst, nameWords, wordFirst, wordRange } from '../../platform/name-words';
import { customPlan, literalInt } from '../../platform/page-sql';
import { likeContains } from '../../platform/prefix-match';

export type FoundPatient = {
  id: number;
  name: string;
  cnp: string;
  phone: string;
  email: string | null;
  rank: number;
  /** All of them, newest first, undated last. */
  appointments: SearchPatient['appointments'];
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
  const matches = (where: SQL): Part => ({ where: () => where });
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
    byRank[2].push(matches(sql`lower(email) like ${likeContains(email)}`));
  }
  if (name && !isDigits) {
    const contains = likeContains(name);
    // Every word typed starts a word of the name, in any order ("Petru Matei" finds "Matei
    // Petru"): the first `limit` in name order straight from the name words' index.
    // One word's first patients are read the same way whatever the word: the statement is built
    // and planned once (name-words.ts), and each search sends only the word. Several words are
    // planned for their values.
    const words = nameWords(q);
    const named = words.length === 1 ? null : nameMatchesFirst(q, limit);
    const inNamed = (first: SQL) =>
      sql`id in (select nm.patient_id from (${first}) nm order by nm.name_search, nm.patient_id limit ${literalInt(limit)})`;
    if (words.length === 1)
      byRank[1].push({
        where: () =>
          inNamed(wordFirst(sql`${sql.placeholder('word')}`, sql`${sql.placeholder('wordEnd')}`, limit)),
        once: { key: `search_one_word:${limit}`, values: wordRange(words[0]) },
      });
    else if (named) byRank[1].push({ where: () => inNamed(named), plannedOnce: true });
    byRank[2].push(matches(sql`name_search like ${contains}`));
    if (!email) byRank[3].push(matches(sql`lower(email) like ${contains}`));
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

/**
 * `where` gives the condition when its statement is built (a part built once is not written
 * again on each search). `plannedOnce`: the same plan serves any value (else the statement is
 * planned for its values); `once`: also built once, under `key`, its placeholders' `values` sent
 * with each call.
 */
type Part = {
  where: () => SQL;
  plannedOnce?: boolean;
  once?: { key: string; values: Record<string, unknown> };
};
type Found = FoundPatient & { name_search: string };

/** Code-point order, as the database's own (C) ordering of the folded names. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An appointment of `withAppointments`' rows (its columns are null for a patient without any). */
type PatientAppointmentColumns = {
  appointment_id: number | null;
  appointment_date: string | null;
  /** HH:MM */
  appointment_time: string | null;
  appointment_status: string | null;
  appointment_status_title: string | null;
  appointment_doctor: string | null;
  appointment_calendar: string | null;
};

/**
 * The rows of `patients` (a statement whose rows have the patient's `id`), each repeated once per
 * appointment of that patient with the appointment's columns, or once with them null: in `order`,
 * then each patient's appointments newest first, undated last (appointments_patient_idx's order,
 * read through the appointments owner's published view).
 */
function withAppointments(patients: SQL, order: SQL): SQL {
  return sql`select p.*, a.id as appointment_id, a.selected_date::text as appointment_date,
      to_char(a.selected_time, 'HH24:MI') as appointment_time, a.status as appointment_status,
      a.status_title as appointment_status_title, u.name as appointment_doctor, c.title as appointment_calendar
    from (${patients}) p
    left join ${appointmentFacts} a on a.patient_id = p.id
    left join ${staffNames} u on u.id = a.doctor_id
    left join ${calendarTitles} c on c.id = a.calendar_id
    order by ${order}, a.selected_date desc nulls last, a.selected_time desc nulls last, a.id desc nulls last`;
}

/**
 * The first `limit` patients of a condition in name order, each with their appointments, in one
 * statement (`withAppointments`): a search costs one round trip fewer than reading the
 * appointments after the patients (docs/decisions/0084-patient-appointments-from-one-index.md).
 * The matches are collected from their (words, trigram or unique) index and then sorted:
 * `offset 0` stops the planner from walking the name index instead, which it prefers for common
 * words and which costs a walk of most of the index when the matches sort late ("popescu": 60 ms
 * at 100,000).
 */
async function firstByName(db: Db, part: Part, limit: number): Promise<Omit<Found, 'rank'>[]> {
  type Row = Omit<Found, 'rank' | 'appointments'> & PatientAppointmentColumns;
  const statement = () =>
    withAppointments(
      sql`select * from (select id, name, cnp, phone, email, name_search from ${patientCards}
        where ${part.where()}${part.plannedOnce || part.once ? sql`` : sql` and ${customPlan}`} offset 0) m
        order by name_search, id limit ${literalInt(limit)}`,
      sql`p.name_search, p.id`,
    );
  const res = part.once
    ? await builtOnceSql<Row>(db, part.once.key, statement).execute(part.once.values)
    : ((await db.execute(statement())) as unknown as { rows: Row[] });
  // One row per appointment (or one for a patient without any), a patient's rows together.
  const found: Omit<Found, 'rank'>[] = [];
  for (const r of res.rows) {
    let patient = found.at(-1);
    if (patient?.id !== r.id) {
      const { id, name, cnp, phone, email, name_search } = r;
      patient = { id, name, cnp, phone, email, name_search, appointments: [] };
      found.push(patient);
    }
    if (r.appointment_id !== null)
      patient.appointments.push({
        id: r.appointment_id,
        date: r.appointment_date,
        time: r.appointment_time,
        status: r.appointment_status as string, // never null when there is an appointment
        status_title: r.appointment_status_title,
        doctor: r.appointment_doctor,
        calendar: r.appointment_calendar,
      });
  }
  return found;
}
