/**
 * The appointment list (SPEC §2): its filters, its page in one of two orders (upcoming, or newest
 * first) and its total, in one statement: the cards of the page with the count riding along
 * (platform/list-total.ts). The patient filters read the patients owner's published views.
 *
 * A page whose filters are a doctor, a status, a day or none is one of few statement shapes: each
 * is built once (platform/built-once.ts), the doctor and status written into its text so each
 * value is planned for itself (a status may match 3 or 30,000 rows). A name, CNP or phone typed
 * makes a statement planned for its values on every request.
 */
import { and, asc, eq, like, lte, type SQL, sql } from 'drizzle-orm';
import type { AppointmentFilters } from '../../../../domain/appointments';
import { foldText } from '../../../../domain/text';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema/appointments';
import { patientCards } from '../../../db/views';
import { builtOnce } from '../../../platform/built-once';
import { countColumn, pageAndTotal } from '../../../platform/list-total';
import { nameMatchesPatient, nameWords } from '../../../platform/name-words';
import { customPlan, literalInt, plainLiteral } from '../../../platform/page-sql';
import { cnpMatches, likeContains } from '../../../platform/prefix-match';
import { type Card, cards, toRow } from './cards';
import { dateOrInfinity } from './reads';

const a = appointments;

/**
 * How a typed name matches: every typed word starts a word of the name, in any order (`words`);
 * or, when no name has a word starting so, the text anywhere inside the name (`contains`).
 */
type NameMode = 'words' | 'contains';

export type ListOptions = {
  filters: AppointmentFilters;
  page: number;
  perPage: number;
  hideOlder: boolean;
  today: string;
  /** Requests created before this instant count as near the 48-hour promise. */
  nearDeadlineBefore?: Date;
};

/** The phone typed, as the digits after the national 0 or 40 (stored as E.164, +40722...). */
const phoneDigits = (typed: string | undefined) => typed?.replace(/\D/g, '').replace(/^(00)?40|^0/, '') ?? '';

/** The values of a page's conditions: given as they are, or as a kept statement's placeholders. */
type Values = { today: SQL; date: SQL; deadline: SQL };
const given = (o: ListOptions): Values => ({
  today: sql`${o.today}`,
  date: sql`${o.filters.date ?? null}`,
  deadline: sql`${o.nearDeadlineBefore ?? null}`,
});
const placeholders: Values = {
  today: sql`${sql.placeholder('today')}`,
  date: sql`${sql.placeholder('date')}`,
  deadline: sql`${sql.placeholder('deadline')}`,
};

function conditions(
  o: ListOptions,
  mode: NameMode,
  v: Values,
  literals?: { doctor: SQL | null; status: SQL | null },
) {
  const f = o.filters;
  const where: SQL[] = [];
  // Public requests still unanswered since before the instant (36 h: the 48-hour promise, issue 15).
  if (f.near_deadline && o.nearDeadlineBefore)
    where.push(
      and(
        eq(a.publicRequest, true),
        eq(a.status, 'request'),
        lte(a.createdAt, sql`${v.deadline}::timestamptz`),
      ) as SQL,
    );
  // Today and later, undated included, as one indexed range (an OR would filter the whole index).
  // Not with near_deadline: a request for a day already gone is exactly what must be answered.
  if (o.hideOlder && !f.near_deadline) where.push(sql`${dateOrInfinity} >= ${v.today}::date`);
  const named = f.name && mode === 'words' ? nameMatchesPatient(sql`${a.patientId}`, f.name) : null;
  if (named) where.push(named);
  const contains = f.name && mode === 'contains' ? foldText(f.name) : '';
  if (contains) where.push(like(patientCards.nameSearch, likeContains(contains)));
  if (f.doctor)
    where.push(literals?.doctor ? sql`${a.doctorId} = ${literals.doctor}` : eq(a.doctorId, f.doctor));
  if (f.date) where.push(sql`${a.selectedDate} = ${v.date}::date`);
  if (f.status) where.push(literals?.status ? sql`${a.status} = ${literals.status}` : eq(a.status, f.status));
  if (f.status_id) where.push(eq(a.customStatusId, f.status_id));
  const cnp = f.cnp ? cnpMatches(sql`${patientCards.cnp}`, f.cnp) : null;
  if (cnp) where.push(cnp);
  const phone = phoneDigits(f.phone);
  if (phone) where.push(like(patientCards.phone, likeContains(phone)));
  return { where, patientColumns: Boolean(contains || cnp || phone) };
}

/** Upcoming first with undated last (hideOlder), or newest first (the indexes' own words). */
const listOrder = (hideOlder: boolean) =>
  hideOlder
    ? [asc(dateOrInfinity), sql`${a.selectedTime} asc nulls last`, asc(a.id)]
    : [
        sql`${a.selectedDate} desc nulls last`,
        sql`${a.selectedTime} desc nulls last`,
        sql`${a.id} desc nulls last`,
      ];

export async function listAppointments(db: Db, opts: ListOptions) {
  const byWords = await listPage(db, opts, 'words');
  // Nobody's name has words starting with what was typed: look inside the names instead.
  if (byWords.total === 0 && opts.filters.name && nameWords(opts.filters.name).length)
    return listPage(db, opts, 'contains');
  return byWords;
}

async function listPage(db: Db, o: ListOptions, mode: NameMode) {
  const f = o.filters;
  const planned = Boolean(f.name || f.cnp?.replace(/\D/g, '') || phoneDigits(f.phone));
  const literals = {
    doctor: f.doctor ? plainLiteral(f.doctor) : null,
    status: f.status ? plainLiteral(f.status) : null,
  };
  const kept = !planned && (!f.doctor || literals.doctor) && (!f.status || literals.status);
  // What the page's statement is made of: the matching appointments (with their patient when a
  // filter reads its columns), and the cards of the page in the list's order.
  const statement = (v: Values) => {
    const c = conditions(o, mode, v, kept ? literals : undefined);
    const where = and(...c.where, planned ? customPlan : undefined);
    const ids = db.select({ id: a.id }).from(a);
    const matching = c.patientColumns
      ? ids.innerJoin(patientCards, eq(patientCards.id, a.patientId)).where(where)
      : ids.where(where);
    const page = (column: SQL<number> | null) =>
      cards(db, column)
        .where(where)
        .orderBy(...listOrder(o.hideOlder))
        .limit(literalInt(o.perPage))
        .offset(literalInt((o.page - 1) * o.perPage));
    return { matching, page };
  };
  const now = statement(given(o));
  if (!kept) {
    const { rows, total } = await pageAndTotal(db, now.matching, now.page);
    return { rows: rows.map(toRow), total };
  }
  const key = `appointments:${mode}:${o.hideOlder}:${Boolean(f.near_deadline)}:${f.doctor ?? ''}:${f.status ?? ''}:${f.status_id ?? ''}:${Boolean(f.date)}:${o.perPage}:${o.page}`;
  // The page's statement with the count riding along, or without it when the total is kept.
  const prepared = (withCount: boolean) =>
    builtOnce(db, `${key}:${withCount}`, (name) => {
      const p = statement(placeholders);
      return p.page(withCount ? countColumn(p.matching) : null).prepare(name);
    });
  const values = {
    today: o.today,
    date: f.date ?? null,
    deadline: o.nearDeadlineBefore?.toISOString() ?? null,
  };
  const { rows, total } = await pageAndTotal(
    db,
    now.matching,
    async (column) => (await prepared(column !== null).execute(values)) as Card[],
  );
  return { rows: rows.map(toRow), total };
}
