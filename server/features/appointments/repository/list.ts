/**
 * The appointment list (SPEC §2): its filters, its page in one of two orders (upcoming, or newest
 * first) and its total, in one statement: the cards of the page with the count riding along
 * (platform/list-total.ts). The patient filters read the patients owner's published views.
 *
 * A page whose filters are a doctor, a status, a day or none is one of few statement shapes: each
 * is built once (platform/built-once.ts), the doctor and status written into its text so each
 * value is planned for itself (a status may match 3 or 30,000 rows). A name, CNP or phone typed
 * makes a statement planned for its values on every request, except a common name typed alone
 * (`walkedPage`).
 */
import { and, asc, eq, like, lte, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AppointmentFilters } from '../../../../domain/appointments';
import { foldText } from '../../../../domain/text';
import type { Db } from '../../../db/client';
import { appointments } from '../../../db/schema/appointments';
import { patientCards } from '../../../db/views';
import { builtOnce } from '../../../platform/built-once';
import { countColumn, pageAndTotal } from '../../../platform/list-total';
import {
  carriedNameMatches,
  carriedNameValues,
  nameMatchesPatient,
  nameWords,
} from '../../../platform/name-words';
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
    // A new builder each time: Drizzle's builders change in place.
    const matchingIds = () => {
      const ids = db.select({ id: a.id }).from(a);
      return (c.patientColumns ? ids.innerJoin(patientCards, eq(patientCards.id, a.patientId)) : ids)
        .where(where)
        .$dynamic();
    };
    const matching = matchingIds();
    const page = (column: SQL<number> | null) => cardsOfPage(db, o, matchingIds(), column);
    return { matching, page };
  };
  const now = statement(given(o));
  if (!kept) {
    const words = mode === 'words' && nameAlone(o) ? nameWords(f.name ?? '') : [];
    // No column to fill: the total is known and beyond the exact count, so the name is common.
    const { rows, total } = await pageAndTotal(db, now.matching, (column) =>
      column === null && words.length ? walkedPage(db, o, words) : now.page(column),
    );
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

/** A name typed with no other filter, on one of the first pages (a walk's length follows the page). */
const nameAlone = (o: ListOptions) =>
  o.page * o.perPage <= WALK_UP_TO &&
  Object.entries(o.filters).every(([k, v]) => k === 'name' || v === undefined || v === '' || v === false);

/** The rows a walked page may need at most: 100 of names matching one appointment in 70 is 7,000 entries read. */
const WALK_UP_TO = 100;

/**
 * A common name's page (more matches than the exact count: at least one appointment in 70 of
 * the upcoming ones at 100,000 patients): the list read in its own order, each appointment
 * checked by the copy of its patient's name it carries (the upcoming index holds it), then the
 * page's cards, in one statement planned once per number of words and page (0088, 0089).
 * Planned for its words on every request, this page spent 11-15 ms planning a 5 ms read; for a
 * rare name the same walk would read the whole list (400 ms), so a name is walked only once its
 * kept total says it is common.
 */
function walkedPage(db: Db, o: ListOptions, words: string[]): Promise<Card[]> {
  const key = `appointments-walk:${o.hideOlder}:${words.length}:${o.perPage}:${o.page}`;
  const page = builtOnce(db, key, (name) => {
    const shown = o.hideOlder ? sql`${dateOrInfinity} >= ${placeholders.today}::date` : undefined;
    const ids = db
      .select({ id: a.id })
      .from(a)
      .where(and(shown, carriedNameMatches(sql`${a.patientNameSearch}`, words.length)))
      .$dynamic();
    return cardsOfPage(db, o, ids, null).prepare(name);
  });
  return page.execute({ today: o.today, ...carriedNameValues(words) }) as Promise<Card[]>;
}

/**
 * The cards of a page: its ids first, in the list's order from the matching appointments alone,
 * then the five-table card of those few. Joined before the page was cut, a day of 227
 * appointments read 227 patients to show 20 (5.8 ms instead of 1).
 */
function cardsOfPage(db: Db, o: ListOptions, matching: PgSelect, total: SQL<number> | null) {
  const ids = matching
    .orderBy(...listOrder(o.hideOlder))
    .limit(literalInt(o.perPage))
    .offset(literalInt((o.page - 1) * o.perPage));
  return cards(db, total)
    .where(sql`${a.id} = any(array(${ids}))`)
    .orderBy(...listOrder(o.hideOlder));
}
