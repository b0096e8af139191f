/**
 * SQL of the patient list (SPEC §4): its filters, its total and its page, two statements at most
 * (the total rides along with the page, docs/decisions/0057-count-with-page.md), never one per row.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PatientFilters, PatientListItem } from '../../../../domain/patients';
import { maskCnp } from '../../../../domain/privacy';
import { foldText } from '../../../../domain/text';
import { normalizePhone } from '../../../../domain/validation/phone';
import type { Db } from '../../../db/client';
import { appointmentFacts, staffNames } from '../../../db/views';
import { pageAfterTotal, pageAndTotal, TOTAL_COLUMN } from '../../../platform/list-total';
import { nameMatches, nameMatchesFirst, nameWords } from '../../../platform/name-words';
import { customPlan, literalInt, plainLiterals } from '../../../platform/page-sql';
import {
  cnpIsKey,
  cnpMatches,
  cnpMatchParts,
  headIs,
  likeContains,
  PHONE_HEAD,
  startsWith,
} from '../../../platform/prefix-match';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The phone the user typed, as the stored E.164 prefix (+40...). */
function phonePrefix(typed: string): string | null {
  const full = normalizePhone(typed);
  if (full) return full;
  let digits = typed.replace(/\D/g, '');
  if (!digits) return null;
  if (digits.startsWith('0040')) digits = digits.slice(4);
  else if (digits.startsWith('40')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return `+40${digits}`;
}

/**
 * The fallback name filter, when no name has words starting with what was typed: the folded name
 * contains the text ("escu" still finds "Popescu"), from the trigram index.
 */
function nameContains(column: SQL, text: string): SQL {
  return sql`${column} like ${likeContains(foldText(text))}`;
}

type NameMode = 'words' | 'contains';

function patientConditions(f: PatientFilters, mode: NameMode): SQL[] {
  const where: SQL[] = [];
  if (f.name && mode === 'contains') where.push(nameContains(sql`p.name_search`, f.name));
  const cnp = f.cnp ? cnpMatches(sql`p.cnp`, f.cnp) : null;
  if (cnp) where.push(cnp);
  const phone = f.phone ? phoneCondition(f.phone) : null;
  if (phone) where.push(phone);
  return where;
}

function phoneCondition(typed: string): SQL | null {
  const phone = phonePrefix(typed);
  if (!phone) return null;
  if (phone.length === 12) return sql`p.phone = ${phone}`;
  return phone.length === PHONE_HEAD
    ? headIs(sql`p.phone`, phone, PHONE_HEAD)
    : startsWith(sql`p.phone`, phone);
}

/**
 * A CNP or a phone typed alone: its matches with their names, each alternative (a CNP's start,
 * its end) from its covering index, appended (the alternatives never match the same patient,
 * cnpMatchParts). The count never reads the table. Four digits typed, or a phone's first four,
 * are one key of a head or tail index, already in name order: the page reads its rows and stops
 * (0058). Longer values match fewer patients, sorted by name for the page.
 */
function cnpOrPhoneAlone(f: PatientFilters): { all: SQL; first: (n: number) => SQL } | null {
  if (f.name) return null;
  const cnp = f.cnp ? cnpMatchParts(sql`p.cnp`, f.cnp) : null;
  const phone = f.phone ? phoneCondition(f.phone) : null;
  const parts = cnp && !phone ? cnp : phone && !cnp ? [phone] : null;
  if (!parts) return null;
  // A whole CNP or phone, or exactly its head, is one key of an index: every value has the same
  // plan, so the statement is prepared and planned once. A prefix of another length is a range
  // whose matches run from a few to most patients, planned for its value.
  const phoneLength = phonePrefix(f.phone ?? '')?.length;
  const keyed = cnp ? cnpIsKey(f.cnp ?? '') : phoneLength === PHONE_HEAD || phoneLength === 12;
  const plan = keyed ? sql`` : sql` and ${customPlan}`;
  const each = (c: SQL) => sql`select p.id, p.name_search from patients p where ${c}${plan}`;
  // The page's first n of each alternative in name order, then merged: PostgreSQL does not see
  // that a head index read for one value is in name order once the alternatives are appended.
  const first = (n: number) => (c: SQL) =>
    sql`(select p.id, p.name_search from patients p where ${c}${plan} order by p.name_search, p.id limit ${literalInt(n)})`;
  return {
    all: sql.join(parts.map(each), sql` union all `),
    first: (n: number) => sql.join(parts.map(first(n)), sql` union all `),
  };
}

/**
 * The appointment filters as conditions. A doctor and a status have few possible values: typed
 * alone (no name, CNP, phone or date), they are written into the statement's text (`inlined`),
 * which is then prepared and planned once per value and connection instead of on every request
 * (docs/decisions/0055-few-valued-filters-inline.md).
 */
function appointmentConditions(f: PatientFilters): { where: SQL[]; inlined: boolean } {
  const fewValued = !f.name && !f.cnp && !f.phone && !f.appointment_date;
  const lit = fewValued ? plainLiterals({ doctor: f.doctor, status: f.status }) : null;
  const where: SQL[] = [];
  if (f.doctor) where.push(sql`a.doctor_id = ${lit?.doctor ?? f.doctor}`);
  if (f.appointment_date) where.push(sql`a.selected_date = ${f.appointment_date}`);
  if (typeof f.status === 'number') where.push(sql`a.custom_status_id = ${lit?.status ?? f.status}`);
  else if (f.status) where.push(sql`a.status = ${lit?.status ?? f.status}`);
  return { where, inlined: lit !== null };
}

type ListRow = {
  id: number;
  name: string;
  cnp: string;
  phone: string;
  email: string | null;
  covid_vaccine: number;
  appointment_id: number | null;
  selected_date: string | null;
  selected_time: string | null;
  status: string | null;
  custom_status_id: number | null;
  custom_title: string | null;
  doctor_id: string | null;
  doctor_name: string | null;
};

/** Up to this many matches, a page of an appointment filter is collected rather than walked. */
const COLLECT_UP_TO = 5000;

export async function listPatients(
  db: Db,
  f: PatientFilters,
  page: number,
  perPage: number,
): Promise<{ total: number; patients: PatientListItem[] }> {
  const byWords = await listPage(db, f, page, perPage, 'words');
  // Nobody's name has words starting with what was typed: look inside the words instead.
  if (byWords.total === 0 && f.name && nameWords(f.name).length)
    return listPage(db, f, page, perPage, 'contains');
  return byWords;
}

async function listPage(
  db: Db,
  f: PatientFilters,
  page: number,
  perPage: number,
  mode: NameMode,
): Promise<{ total: number; patients: PatientListItem[] }> {
  const named = f.name && mode === 'words' ? nameMatches(f.name) : null;
  const pc = patientConditions(f, mode);
  const { where: ac, inlined } = appointmentConditions(f);
  // Appointment filters as a semi-join the planner chooses how to run from the statistics: a
  // broad filter walks the name index and stops after a page (most patients match), a narrow
  // one collects its few patients first and sorts them (docs/PERFORMANCE.md, measured on 100,000
  // patients: a forced collection cost 50-250 ms on broad filters, this under 6 ms either way).
  const appt = ac.length
    ? sql`exists (select 1 from ${appointmentFacts} a where a.patient_id = p.id and ${sql.join(ac, sql` and `)})`
    : null;
  const typed = appt ? [...pc, appt] : pc;
  // Typed filters are planned for their values (server/db/prepared-client.ts); values written
  // into the text already are.
  const conds = typed.length && !inlined ? [...typed, customPlan] : typed;
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  // The name's matches come from the words index with their names; the patients table is read
  // only when another filter needs its columns.
  const namedPatients = named ? sql`(${named}) nm join patients p on p.id = nm.patient_id` : sql`patients p`;
  // The total is exact up to 1,000 matches and estimated beyond (list-total.ts): at 1,000,000
  // patients a common name or a status matches 25,000-250,000 of them and an exact count took
  // seconds. Only appointment filters: count their distinct patients without reading patients
  // at all (every appointment has its patient), in patient order from the (filter, patient_id)
  // indexes so the capped count stops early.
  const alone = appt ? null : cnpOrPhoneAlone(f);
  const counted: SQL = alone
    ? sql`select m.id from (${alone.all}) m`
    : !conds.length && !named
      ? sql`select p.id from patients p`
      : named && !conds.length
        ? sql`select nm.patient_id from (${named}) nm`
        : appt && !pc.length && !named
          ? sql`select distinct a.patient_id from ${appointmentFacts} a where ${sql.join(ac, sql` and `)}`
          : sql`select p.id from ${namedPatients} ${where}`;
  const offset = (page - 1) * perPage;
  // A day's, a doctor's or a status's patients alone, in name order from the appointments' copy
  // of their patient's name (appointments_date_name_idx, _doctor_name_idx, _status_name_idx;
  // 0089): the page stops after its rows. Collected and sorted, a day read every patient of the
  // day; walking every name and probing each patient read 30 patients for each one shown.
  const byCarriedName =
    !pc.length &&
    !named &&
    Boolean(f.appointment_date || (ac.length === 1 && (f.doctor || typeof f.status === 'string')));
  // Only appointment filters and few matches (known from the count): collect them and sort, at
  // a cost that follows the matches. The planner's estimate for a rare filter can be far off (a
  // Sunday has no appointment) and it would then walk the whole name index for nothing: 1.5 s
  // on 1,000,000 patients. With patient filters too, those narrow the walk themselves.
  const mayCollect = appt !== null && !pc.length && !named && !byCarriedName;
  const pageIds = (total: number | undefined) =>
    byCarriedName
      ? sql`select a.patient_id as id from ${appointmentFacts} a where ${sql.join(ac, sql` and `)}
        group by a.patient_name_search, a.patient_id order by a.patient_name_search, a.patient_id`
      : alone
        ? sql`select m.id from (${alone.first(offset + perPage)}) m order by m.name_search, m.id`
        : named
          ? !conds.length
            ? sql`select nm.patient_id as id from (${nameMatchesFirst(f.name ?? '', offset + perPage)}) nm order by nm.name_search, nm.patient_id`
            : sql`select p.id from ${namedPatients} ${where} order by nm.name_search, p.id`
          : mayCollect && total !== undefined && total <= COLLECT_UP_TO
            ? sql`select p.id from (select distinct a.patient_id as id from ${appointmentFacts} a where ${sql.join(ac, sql` and `)}) m join patients p on p.id = m.id order by p.name_search, p.id`
            : sql`select p.id from patients p ${where} order by p.name_search, p.id`;
  const latestFilter = ac.length ? sql`and ${sql.join(ac, sql` and `)}` : sql``;
  // The page's patients and each one's latest appointment (of those filtered) are found first
  // (`pl`, materialised), from the appointments alone, and only then joined to the status and the
  // doctor, once for the page. Joined inside the lateral, or left for the planner to place,
  // PostgreSQL built a hash of the statuses and of the users again for each of the 20 patients
  // (docs/decisions/0079-patient-page-joins.md; as 0076 did for a month's events).
  // The total rides along with the page when it must be counted (list-total.ts).
  const readPage = (column: SQL<number> | null, total: number | undefined) =>
    rows<ListRow>(
      db,
      sql`with pl as materialized (
          select p.id, p.name, p.cnp, p.phone, p.email, p.covid_vaccine, p.name_search,
            la.id as appointment_id, la.selected_date, la.selected_time, la.status, la.custom_status_id,
            la.status_title, la.doctor_id${column ? sql`, ${column} as ${sql.raw(TOTAL_COLUMN)}` : sql``}
          from (${pageIds(total)} limit ${literalInt(perPage)} offset ${literalInt(offset)}) pg
          join patients p on p.id = pg.id
          left join lateral (
            select a.id, a.selected_date, a.selected_time, a.status, a.custom_status_id, a.status_title, a.doctor_id
            from ${appointmentFacts} a
            where a.patient_id = p.id ${latestFilter}
            order by a.selected_date desc nulls last, a.selected_time desc nulls last, a.id desc nulls last
            limit 1
          ) la on true)
        select pl.id, pl.name, pl.cnp, pl.phone, pl.email, pl.covid_vaccine, pl.appointment_id,
          pl.selected_date::text as selected_date, to_char(pl.selected_time, 'HH24:MI') as selected_time,
          pl.status, pl.custom_status_id, pl.status_title as custom_title, pl.doctor_id,
          u.name as doctor_name${column ? sql`, pl.${sql.raw(TOTAL_COLUMN)}` : sql``}
        from pl
        left join ${staffNames} u on u.id = pl.doctor_id
        order by pl.name_search, pl.id`,
    );
  // The page of a few matches collected needs their number first; any other carries its count.
  const { rows: list, total } = mayCollect
    ? await pageAfterTotal(db, counted, (known) => readPage(null, known))
    : await pageAndTotal(db, counted, (column) => readPage(column, undefined));
  return {
    total,
    patients: list.map((r) => ({
      id: r.id,
      patient_id: r.id,
      patient: r.name,
      pid: maskCnp(r.cnp),
      cnp: maskCnp(r.cnp),
      patient_phone: r.phone,
      patient_email: r.email,
      covid_vaccine: r.covid_vaccine === 1 ? 1 : 0,
      doctor: r.doctor_name,
      doctor_id: r.doctor_id,
      appointment_id: r.appointment_id,
      appointment_date: r.selected_date,
      appointment_time: r.selected_time,
      appointment_status: r.status,
      apstatus: r.custom_status_id ? { id: r.custom_status_id, title: r.custom_title ?? '' } : null,
    })),
  };
}
