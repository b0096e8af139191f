/** SQL of the appointment area: the list, one appointment, the next ones from now. */
import { and, asc, desc, eq, like, lte, type SQL, sql } from 'drizzle-orm';
import type { AppointmentDetail, AppointmentRow, NextAppointment } from '../../../domain/appointment-replies';
import type { AppointmentFilters, AppointmentStatus } from '../../../domain/appointments';
import { COUNTIES } from '../../../domain/counties';
import { hhmm } from '../../../domain/dates';
import { INSURANCE_LABELS, type InsuranceStatus } from '../../../domain/patients';
import { maskCnp } from '../../../domain/privacy';
import { contactChannels } from '../../../domain/sms';
import { foldText } from '../../../domain/text';
import type { Db } from '../../db/client';
import { appointmentStatuses, appointments, calendars, patients, users } from '../../db/schema';
import { pageAndTotal, TOTAL_COLUMN } from '../../platform/list-total';
import { nameMatchesPatient, nameWords } from '../../platform/name-words';
import { customPlan, literalInt, plainLiterals } from '../../platform/page-sql';
import { cnpMatches, likeContains } from '../../platform/prefix-match';

const a = appointments;
const p = patients;

const rowColumns = {
  id: a.id,
  patient_id: a.patientId,
  patient: p.name,
  patient_phone: p.phone,
  patient_email: p.email,
  cnp: p.cnp,
  covid_vaccine: p.covidVaccine,
  doctor: users.name,
  doctor_id: a.doctorId,
  status: a.status,
  status_id: appointmentStatuses.id,
  status_title: appointmentStatuses.title,
  status_without: appointmentStatuses.withoutAppointment,
  selected_date: a.selectedDate,
  selected_time: a.selectedTime,
  calendar_id: calendars.id,
  calendar_title: calendars.title,
  holds_slot: a.holdsSlot,
  attendance_confirmed_at: a.attendanceConfirmedAt,
  reschedule_requested_at: a.rescheduleRequestedAt,
};

type RawRow = Awaited<ReturnType<typeof baseSelect>>[number];

function toRow(r: RawRow): AppointmentRow {
  const time = r.selected_time ? hhmm(r.selected_time) : null;
  return {
    id: r.id,
    patient_id: r.patient_id,
    patient: r.patient ?? '',
    patient_phone: r.patient_phone ?? '',
    patient_email: r.patient_email,
    cnp: maskCnp(r.cnp),
    covid_vaccine: r.covid_vaccine ?? 0,
    doctor: r.doctor,
    doctor_id: r.doctor_id,
    status: r.status as AppointmentStatus,
    appointment_status: r.status as AppointmentStatus,
    apstatus:
      r.status_id !== null
        ? { id: r.status_id, title: r.status_title ?? '', without_appointment: r.status_without ?? false }
        : null,
    selected_date: r.selected_date,
    selected_time: time,
    appointment_date: r.selected_date,
    appt_date: r.selected_date,
    calendar: r.calendar_id !== null ? { id: r.calendar_id, title: r.calendar_title ?? '' } : null,
    holds_slot: r.holds_slot,
    patient_confirmed: r.attendance_confirmed_at !== null,
    reschedule_requested: r.reschedule_requested_at !== null,
  };
}

/** `total`: the list's count, carried along as `TOTAL_COLUMN` (list-total.ts). */
function baseSelect(db: Db, total: SQL<number> | null = null) {
  return db
    .select({ ...rowColumns, ...(total ? { [TOTAL_COLUMN]: total } : {}) })
    .from(a)
    .innerJoin(p, eq(p.id, a.patientId))
    .leftJoin(users, eq(users.id, a.doctorId))
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, a.customStatusId))
    .leftJoin(calendars, eq(calendars.id, a.calendarId));
}

/** Undated appointments sort after every date: one expression, served by appointments_upcoming_idx. */
const dateOrInfinity = sql`coalesce(${a.selectedDate}, 'infinity'::date)`;

/** How a typed name matches: by the start of its words, or (when none does) anywhere inside. */
type NameMode = 'words' | 'contains';

/** The conditions, and whether their statement is planned for its values on every call (`custom`). */
function filterConditions(
  f: AppointmentFilters,
  hideOlder: boolean,
  today: string,
  nearDeadlineBefore: Date | undefined,
  nameMode: NameMode,
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
  if (hideOlder && !f.near_deadline)
    where.push(sql`${dateOrInfinity} >= ${(inlined && literals?.today) || today}`);
  const named = f.name && nameMode === 'words' ? nameMatchesPatient(sql`${a.patientId}`, f.name) : null;
  if (named) where.push(named);
  const name = f.name && nameMode === 'contains' ? foldText(f.name) : '';
  if (name) where.push(like(p.nameSearch, likeContains(name)));
  if (f.doctor) where.push(inlined ? sql`${a.doctorId} = ${literals?.doctor}` : eq(a.doctorId, f.doctor));
  if (f.date) where.push(eq(a.selectedDate, f.date));
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
  const custom = typed > 0 && !inlined;
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
  const order = opts.hideOlder
    ? [asc(dateOrInfinity), sql`${a.selectedTime} asc nulls last`, asc(a.id)]
    : [sql`${a.selectedDate} desc nulls last`, sql`${a.selectedTime} desc nulls last`, desc(a.id)];
  // Every appointment has its patient (foreign key, not null): the count joins patients only
  // when a filter reads a patient column, so it stays an index-only scan otherwise.
  const f = opts.filters;
  // (The name's words are matched on their own table, by patient id.)
  const patientFilter = Boolean(
    (f.name && nameMode === 'contains') || f.cnp?.replace(/\D/g, '') || f.phone?.replace(/\D/g, ''),
  );
  // Exact up to 1,000, estimated beyond (server/platform/list-total.ts); the default views (no
  // filter typed, with or without hideOlder) may take the planner's estimate straight away.
  const typed =
    patientFilter || Boolean(f.name || f.doctor || f.date || f.status || f.status_id || f.near_deadline);
  const matching = (total: SQL<number> | null = null) => {
    const ids = db.select({ id: a.id, ...(total ? { [TOTAL_COLUMN]: total } : {}) }).from(a);
    return patientFilter ? ids.innerJoin(p, eq(p.id, a.patientId)).where(where) : ids.where(where);
  };
  // Filtered, the page takes two statements: the ids, planned for the values typed, from
  // appointments alone (and patients when a filter reads them); then their rows with the joins the
  // screen shows, one prepared statement for every page. Planning the five-table join for each
  // filtered request cost 2-5 ms, more than running it (docs/PERFORMANCE.md). A default view has
  // no value typed, and a doctor or status typed alone is written into the text (0055): their one
  // statement is prepared once per connection and its plan kept.
  const limit = literalInt(opts.perPage);
  const offset = literalInt((opts.page - 1) * opts.perPage);
  const kind = !typed ? 'default-view' : patientFilter ? 'capped' : 'indexed';
  // The total rides along with the page, or with its ids, when it must be counted (list-total.ts).
  if (!conditions.custom) {
    const { rows, total } = await pageAndTotal(db, matching(), kind, (column) =>
      baseSelect(db, column)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
    return { rows: rows.map(toRow), total };
  }
  const { rows: ids, total } = await pageAndTotal(db, matching(), kind, (column) =>
    matching(column)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  const rows = await pageByIds(db, ids, order);
  return { rows: rows.map(toRow), total };
}

/** The rows of a page of ids, in the list's order. */
async function pageByIds(db: Db, page: { id: number }[], order: SQL[]) {
  if (!page.length) return [];
  return baseSelect(db)
    .where(sql`${a.id} = any(${sql.param(page.map((r) => r.id))}::int[])`)
    .orderBy(...order);
}

/** The next few appointments from now (Europe/Bucharest), for the side panel. */
export async function nextAppointments(
  db: Db,
  today: string,
  now: string,
  limit = 5,
): Promise<NextAppointment[]> {
  const rows = await db
    .select({ id: a.id, date: a.selectedDate, time: a.selectedTime, patient: p.name })
    .from(a)
    .innerJoin(p, eq(p.id, a.patientId))
    // A row comparison is one index range on (selected_date, selected_time); the equivalent OR
    // would read every earlier appointment first.
    .where(sql`(${a.selectedDate}, ${a.selectedTime}) >= (${today}::date, ${now}::time)`)
    .orderBy(asc(a.selectedDate), asc(a.selectedTime), asc(a.id))
    .limit(literalInt(limit));
  return rows.map((r) => ({
    id: r.id,
    date: r.date ?? '',
    time: r.time ? hhmm(r.time) : '',
    patient: r.patient,
  }));
}

export async function findAppointment(db: Db, id: number): Promise<AppointmentDetail | null> {
  const [row] = await baseSelect(db).where(eq(a.id, id)).limit(1);
  if (!row) return null;
  const [extra] = await db
    .select({
      patient: p,
      requestData: a.requestData,
      createdAt: a.createdAt,
      attendanceConfirmedAt: a.attendanceConfirmedAt,
      rescheduleRequestedAt: a.rescheduleRequestedAt,
      rescheduleNote: a.rescheduleNote,
      cancelledAt: a.cancelledAt,
      cancelledBy: a.cancelledBy,
    })
    .from(a)
    .innerJoin(p, eq(p.id, a.patientId))
    .where(eq(a.id, id));
  const pt = extra.patient;
  return {
    ...toRow(row),
    request_data: extra.requestData,
    created_at: extra.createdAt.toISOString(),
    contact_channels: contactChannels(pt),
    patient_actions: {
      attendance_confirmed_at: extra.attendanceConfirmedAt?.toISOString() ?? null,
      reschedule_requested_at: extra.rescheduleRequestedAt?.toISOString() ?? null,
      reschedule_note: extra.rescheduleNote,
      cancelled_at: extra.cancelledBy === 'patient' ? (extra.cancelledAt?.toISOString() ?? null) : null,
    },
    patientData: {
      id: pt.id,
      patient_id: pt.id,
      name: pt.name,
      cnp: pt.cnp,
      phone: pt.phone,
      email: pt.email,
      state_residency: pt.stateResidency,
      county: COUNTIES.find((c) => c.iso_code === pt.stateResidency)?.name ?? null,
      insurance_status: pt.insuranceStatus,
      insurance_label: INSURANCE_LABELS[pt.insuranceStatus as InsuranceStatus] ?? pt.insuranceStatus,
      covid_vaccine: pt.covidVaccine,
      gp_name: pt.gpName,
      gp_email: pt.gpEmail,
      gp_phone: pt.gpPhone,
    },
  };
}
