/**
 * The appointment list's SQL: the filters, the page in one of two orders (upcoming, or newest
 * first) and its total. The rows it shows are read by `baseSelect` (repository.ts).
 */
import { and, asc, eq, like, lte, type SQL, sql } from 'drizzle-orm';
import type { AppointmentFilters } from '../../../domain/appointments';
import { foldText } from '../../../domain/text';
import type { Db } from '../../db/client';
import { appointments, appointmentsNewestFirst, patients } from '../../db/schema';
import { builtOnce, viewPage } from '../../platform/built-once';
import {
  EXACT_UP_TO,
  indexedTotalColumn,
  listTotal,
  pageAndTotal,
  TOTAL_COLUMN,
} from '../../platform/list-total';
import {
  carriedNameMatches,
  carriedNameWords,
  nameMatchesPatient,
  nameWords,
} from '../../platform/name-words';
import { customPlan, literalInt, plainLiterals } from '../../platform/page-sql';
import { cnpMatches, likeContains } from '../../platform/prefix-match';
import { baseSelect, dateOrInfinity, type RawRow, toRow } from './repository';

const a = appointments;
const p = patients;

/**
 * How a typed name matches: by the start of its words, each appointment's patient probed in the
 * words index (`words`; a common name's page is walked instead, `walkedPage`); or, when no name
 * has a word starting so, anywhere inside (`contains`).
 */
type NameMode = 'words' | 'contains';

/** The folded patient name each appointment carries (0056; not in the Drizzle schema). */
const carriedName = sql`${a}.patient_name_search`;

/**
 * A name is walked when at least one appointment in WALK_DENSITY matches it: a page of 20 then
 * reads about 20 × WALK_DENSITY index entries, fewer than collecting and sorting its matches.
 */
const WALK_DENSITY = 100;

/**
 * The conditions, and whether their statement is planned for its values on every call (`custom`).
 * `day`: the typed day as SQL, its value unless a statement built once gives a placeholder.
 */
function filterConditions(
  f: AppointmentFilters,
  hideOlder: boolean,
  today: string,
  nearDeadlineBefore: Date | undefined,
  nameMode: NameMode,
  day: SQL = sql`${f.date}`,
): { where: SQL[]; custom: boolean } {
  const where: SQL[] = [];
  // A doctor and statuses have few possible values: typed alone, they and today's date are written
  // into the text, and the statement is prepared and planned once per value and connection
  // instead of on every request (docs/decisions/0055-few-valued-filters-inline.md).
  const fewValued =
    !f.near_deadline && !f.name && !f.date && !f.cnp?.replace(/\D/g, '') && !f.phone?.replace(/\D/g, '');
  const literals = fewValued
    ? plainLiterals({ today, doctor: f.doctor, status: f.status, statusId: f.status_id })
    : null;
  const inlined = literals !== null && Boolean(f.doctor || f.status || f.status_id);
  // Public requests still unanswered since before the instant (36 h: the 48-hour promise, issue 15).
  if (f.near_deadline && nearDeadlineBefore)
    where.push(
      and(eq(a.publicRequest, true), eq(a.status, 'request'), lte(a.createdAt, nearDeadlineBefore)) as SQL,
    );
  // Today and later, undated included, as one indexed range (an OR would filter the whole index).
  // (Not with near_deadline: a request for a day already gone is exactly what must be answered.)
  // A day typed is compared with today itself: nothing is read for a day gone, and the day's
  // statement has one plan for any day (docs/decisions/0064-appointment-day-planned-once.md).
  if (hideOlder && !f.near_deadline)
    where.push(
      f.date
        ? sql`${day}::date >= ${today}::date`
        : sql`${dateOrInfinity} >= ${(inlined && literals?.today) || today}`,
    );
  const named = f.name && nameMode === 'words' ? nameMatchesPatient(sql`${a.patientId}`, f.name) : null;
  if (named) where.push(named);
  const name = f.name && nameMode === 'contains' ? foldText(f.name) : '';
  if (name) where.push(like(p.nameSearch, likeContains(name)));
  if (f.doctor) where.push(inlined ? sql`${a.doctorId} = ${literals?.doctor}` : eq(a.doctorId, f.doctor));
  if (f.date) where.push(sql`${a.selectedDate} = ${day}::date`);
  if (f.status) where.push(inlined ? sql`${a.status} = ${literals?.status}` : eq(a.status, f.status));
  if (f.status_id)
    where.push(
      inlined ? sql`${a.customStatusId} = ${literals?.statusId}` : eq(a.customStatusId, f.status_id),
    );
  const cnp = f.cnp ? cnpMatches(sql`${p.cnp}`, f.cnp) : null;
  if (cnp) where.push(cnp);
  // Phones are stored as E.164 (+40722...): match the digits after the national 0 or 40.
  const phone = f.phone?.replace(/\D/g, '').replace(/^(00)?40|^0/, '');
  if (phone) where.push(like(p.phone, likeContains(phone)));
  // Beyond the default views, the plan depends on the values typed (server/db/prepared-client.ts).
  const typed = where.length - (hideOlder && !f.near_deadline ? 1 : 0);
  // A day read in the day's order (listOrder) is planned alike for any day: typed alone, prepared.
  const planOnce = typed === 1 && Boolean(f.date);
  const custom = typed > 0 && !inlined && !planOnce;
  return { where: custom ? [...where, customPlan] : where, custom };
}

type ListOptions = {
  filters: AppointmentFilters;
  page: number;
  perPage: number;
  hideOlder: boolean;
  today: string;
  /** Requests created before this instant count as near the 48-hour promise. */
  nearDeadlineBefore?: Date;
};

export async function listAppointments(db: Db, opts: ListOptions) {
  const byWords = await listPage(db, opts, 'words');
  // Nobody's name has words starting with what was typed: look inside the names instead.
  if (byWords.total === 0 && opts.filters.name && nameWords(opts.filters.name).length)
    return listPage(db, opts, 'contains');
  return byWords;
}

async function listPage(db: Db, opts: ListOptions, nameMode: NameMode) {
  const conditions = filterConditions(
    opts.filters,
    opts.hideOlder,
    opts.today,
    opts.nearDeadlineBefore,
    nameMode,
  );
  const where = and(...conditions.where);
  const order = listOrder(opts.hideOlder, Boolean(opts.filters.date));
  // Every appointment has its patient (foreign key, not null): the count joins patients only
  // when a filter reads a patient column, so it stays an index-only scan otherwise.
  const f = opts.filters;
  // (The name's words are matched on their own table, by patient id.)
  const patientFilter = Boolean(
    (f.name && nameMode === 'contains') || f.cnp?.replace(/\D/g, '') || f.phone?.replace(/\D/g, ''),
  );
  // Exact up to 1,000, estimated beyond (server/platform/list-total.ts); the default views (no
  // filter typed, with or without hideOlder) may take the planner's estimate straight away.
  const besidesName =
    patientFilter || Boolean(f.doctor || f.date || f.status || f.status_id || f.near_deadline);
  const typed = besidesName || Boolean(f.name);
  const matching = (total: SQL<number> | null = null, matches = where) => {
    const ids = db.select({ id: a.id, ...(total ? { [TOTAL_COLUMN]: total } : {}) }).from(a);
    return patientFilter ? ids.innerJoin(p, eq(p.id, a.patientId)).where(matches) : ids.where(matches);
  };
  // Filtered, the page takes two statements: the ids, planned for the values typed, from
  // appointments alone (and patients when a filter reads them); then their rows with the joins the
  // screen shows, one prepared statement for every page. Planning the five-table join for each
  // filtered request cost 2-5 ms, more than running it (docs/PERFORMANCE.md). A default view has
  // no value typed, and a doctor or status typed alone is written into the text (0055): their one
  // statement is prepared once per connection and its plan kept.
  const limit = literalInt(opts.perPage);
  const offset = literalInt((opts.page - 1) * opts.perPage);
  /** The page's ids in the list's order, with the total when `total` is given. */
  const idsPage = (total: SQL<number> | null, matches = where) =>
    matching(total, matches)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const kind = !typed ? 'default-view' : patientFilter ? 'capped' : 'indexed';
  // The total rides along with the page, or with its ids, when it must be counted (list-total.ts).
  if (!conditions.custom && !f.date) {
    // Its values are the view's (upcoming or all, today, a doctor or status written into the
    // text): the page's statement is built once per view and page, and a kept total is found by
    // the view's name (0061).
    const view = viewKey(opts);
    const page = (column: SQL<number> | null) =>
      baseSelect(db, column)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
    const { rows, total } = await pageAndTotal(
      db,
      matching(),
      kind,
      viewPage(db, view, `${opts.perPage}:${opts.page}`, page),
      { key: view },
    );
    return { rows: rows.map(toRow), total };
  }
  // A day typed alone (0064): its page of ids, with the total when it rides along, is built once
  // per view and page, the day a placeholder (0061). The total's column is the one `pageAndTotal`
  // gives, written for the placeholder.
  if (!conditions.custom) {
    const dayIds = (withTotal: boolean) =>
      builtOnce(
        db,
        `appointments_day:${opts.hideOlder}:${opts.today}:${withTotal}:${opts.perPage}:${opts.page}`,
        (name) => {
          const atDay = filterConditions(
            f,
            opts.hideOlder,
            opts.today,
            undefined,
            nameMode,
            sql`${sql.placeholder('day')}`,
          );
          const matches = and(...atDay.where);
          return idsPage(
            withTotal ? indexedTotalColumn(sql`${matching(null, matches)}`) : null,
            matches,
          ).prepare(name);
        },
      );
    const { rows: ids, total } = await pageAndTotal(
      db,
      matching(),
      kind,
      async (column) => (await dayIds(!!column).execute({ day: f.date })) as { id: number }[],
      { key: filteredKey(opts, nameMode) },
    );
    return { rows: (await pageByIds(db, ids, opts.hideOlder)).map(toRow), total };
  }
  // A name typed alone and known to be common (its total kept from an earlier request) is walked
  // in the list's order (0060).
  const words = nameMode === 'words' && !besidesName ? nameWords(f.name ?? '') : [];
  let walked = false;
  const { rows: found, total } = await pageAndTotal(
    db,
    matching(),
    kind,
    async (column, known) => {
      walked = words.length > 0 && known !== undefined && (await isCommon(db, known, opts));
      if (walked) return walkedPage(db, opts, words);
      return idsPage(column);
    },
    { key: filteredKey(opts, nameMode) },
  );
  const rows = walked ? (found as RawRow[]) : await pageByIds(db, found, opts.hideOlder);
  return { rows: rows.map(toRow), total };
}

/**
 * A common name's page, walked in the list's order and checked by the name each appointment
 * carries (0060). One statement: the page's ids, an InitPlan read before any join, then their
 * rows as `pageByIds` reads them. Its plan is the same for any words, so it is built and planned
 * once per view, number of words and page (docs/decisions/0075-one-statement-pages.md).
 */
function walkedPage(db: Db, opts: ListOptions, words: string[]): Promise<RawRow[]> {
  const key = `appointments_walk:${opts.hideOlder}:${opts.today}:${words.length}:${opts.perPage}:${opts.page}`;
  const page = builtOnce(db, key, (name) => {
    const view = filterConditions({}, opts.hideOlder, opts.today, undefined, 'words');
    const ids = db
      .select({ id: a.id })
      .from(a)
      .where(and(...view.where, carriedNameMatches(carriedName, words.length)))
      .orderBy(...listOrder(opts.hideOlder))
      .limit(literalInt(opts.perPage))
      .offset(literalInt((opts.page - 1) * opts.perPage));
    return rowsOf(db, sql`array(${ids})`, opts.hideOlder).prepare(name);
  });
  return page.execute(carriedNameWords(words));
}

/**
 * The name of a view without typed values (upcoming or all, today, a doctor or status written into
 * the text), under which its page's statement is built once and its total kept (0061). The view
 * a common name is measured against (`isCommon`) is the unfiltered one, found by the same name.
 */
const viewKey = ({ hideOlder, today, filters: f }: Pick<ListOptions, 'hideOlder' | 'today' | 'filters'>) =>
  `appointments:${hideOlder}:${today}:${f.doctor ?? ''}:${f.status ?? ''}:${f.status_id ?? ''}`;

/**
 * The name of a filtered list's matches (`matching()`): everything its SQL is made from (the
 * instant of `nearDeadlineBefore` only with that filter), so its kept total is found without
 * writing that SQL on every request (list-total.ts).
 */
const filteredKey = (o: ListOptions, nameMode: NameMode) =>
  `appointments-filtered:${nameMode}:${o.hideOlder}:${o.today}:${(o.filters.near_deadline && o.nearDeadlineBefore?.getTime()) || ''}:${JSON.stringify(o.filters)}`;

/** Whether `total` matches are at least one in WALK_DENSITY of the view walked (upcoming or all). */
async function isCommon(db: Db, total: number, opts: ListOptions): Promise<boolean> {
  if (total <= EXACT_UP_TO) return false;
  // The view without the name: its total as the list shows it, the planner's estimate kept a minute.
  const view = filterConditions({}, opts.hideOlder, opts.today, undefined, 'words');
  const viewTotal = await listTotal(
    db,
    db
      .select({ id: a.id })
      .from(a)
      .where(and(...view.where)),
    'default-view',
    viewKey({ ...opts, filters: {} }),
  );
  return total * WALK_DENSITY >= viewTotal;
}

/**
 * Upcoming first with undated last (hideOlder), or newest first. For one day (`day`), the same
 * order without the date: the day's part of appointments_date_idx or appointments_recent_idx is
 * then read in order for any day, where ordering by the date too led a plan made for every day
 * to walk the whole upcoming index (docs/decisions/0064-appointment-day-planned-once.md).
 */
const listOrder = (hideOlder: boolean, day = false) =>
  day
    ? hideOlder
      ? [sql`${a.selectedTime} asc nulls last`, asc(a.id)]
      : appointmentsNewestFirst().slice(1) // without the date
    : hideOlder
      ? [asc(dateOrInfinity), sql`${a.selectedTime} asc nulls last`, asc(a.id)]
      : appointmentsNewestFirst();

/** The rows of a page of ids, in the list's order: one statement per order, built once. */
async function pageByIds(db: Db, page: { id: number }[], hideOlder: boolean) {
  if (!page.length) return [];
  const rows = builtOnce(db, hideOlder ? 'appointment_rows_upcoming' : 'appointment_rows_recent', (name) =>
    rowsOf(db, sql`${sql.placeholder('ids')}::int[]`, hideOlder).prepare(name),
  );
  return rows.execute({ ids: page.map((r) => r.id) });
}

/** The list's rows whose ids are in the array `ids`, in the list's order (upcoming or newest). */
const rowsOf = (db: Db, ids: SQL, hideOlder: boolean) =>
  baseSelect(db)
    .where(sql`${a.id} = any(${ids})`)
    .orderBy(...listOrder(hideOlder));
