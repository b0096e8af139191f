/**
 * SQL of the remote consultations (owner: consultations): the consultation of an appointment, its
 * intervals, the register's lines (docs/decisions/0097-remote-consultation-record.md).
 */
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { RegisterQuery } from '../../../../domain/remote-consultation';
import type { Db } from '../../../db/client';
import {
  consultationLetters,
  remoteConsultationIntervals,
  remoteConsultations,
} from '../../../db/schema/consultations';
import { calendarTitles, patientCards, staffNames } from '../../../db/views';

const rc = remoteConsultations;
const ri = remoteConsultationIntervals;

export type RemoteRow = typeof rc.$inferSelect;
export type IntervalRow = typeof ri.$inferSelect;

/** The consultation of an appointment (locked until the transaction ends when `lock`), or null. */
export async function consultationOfAppointment(db: Db, appointmentId: number, lock = false) {
  const q = db.select().from(rc).where(eq(rc.appointmentId, appointmentId));
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

export async function insertRemote(tx: Db, values: typeof rc.$inferInsert): Promise<RemoteRow> {
  const [row] = await tx.insert(rc).values(values).returning();
  return row;
}

export async function updateRemote(tx: Db, id: number, set: Partial<typeof rc.$inferInsert>) {
  const [row] = await tx.update(rc).set(set).where(eq(rc.id, id)).returning();
  return row;
}

export async function intervalsOf(db: Db, consultationId: number): Promise<IntervalRow[]> {
  return db
    .select()
    .from(ri)
    .where(eq(ri.consultationId, consultationId))
    .orderBy(asc(ri.startedAt), asc(ri.id));
}

export async function openInterval(tx: Db, consultationId: number, startedAt: Date) {
  await tx.insert(ri).values({ consultationId, startedAt });
}

export async function closeInterval(tx: Db, intervalId: number, endedAt: Date, endedAs: string) {
  await tx.update(ri).set({ endedAt, endedAs }).where(eq(ri.id, intervalId));
}

/** The register number of the consultation group's first letter, when a letter came first. */
export async function letterNumberOfGroup(db: Db, guid: string) {
  const [row] = await db
    .select({ year: consultationLetters.registerYear, number: consultationLetters.registerNumber })
    .from(consultationLetters)
    .where(eq(consultationLetters.groupGuid, guid))
    .orderBy(asc(consultationLetters.id))
    .limit(1);
  return row ?? null;
}

/** The register number the group's remote consultation was given, if it has one. */
export async function remoteNumberOfGroup(db: Db, guid: string) {
  const [row] = await db
    .select({ year: rc.registerYear, number: rc.registerNumber })
    .from(rc)
    .where(and(eq(rc.groupGuid, guid), isNotNull(rc.registerNumber)));
  return row?.year && row.number ? { year: row.year, number: row.number } : null;
}

/** The patient's remote consultations with their intervals (the privacy export), in id order. */
export async function remoteRowsOfPatient(db: Db, patientId: number) {
  const rows = await db.select().from(rc).where(eq(rc.patientId, patientId)).orderBy(asc(rc.id));
  const intervals = rows.length
    ? await db
        .select()
        .from(ri)
        .innerJoin(rc, eq(rc.id, ri.consultationId))
        .where(eq(rc.patientId, patientId))
        .orderBy(asc(ri.id))
    : [];
  return rows.map((r) => ({
    ...r,
    intervals: intervals
      .filter((i) => i.remote_consultation_intervals.consultationId === r.id)
      .map((i) => i.remote_consultation_intervals),
  }));
}

/** The free texts of the patient's remote consultations, each of `values` replaced by `by`. */
export async function anonymiseRemoteOf(tx: Db, patientId: number, values: string[], by: string) {
  const replaced = (col: typeof rc.channelOther | typeof rc.identityOther) =>
    values.reduce((expr, v) => sql`replace(${expr}, ${v}, ${by})`, sql`${col}`);
  await tx
    .update(rc)
    .set({ channelOther: replaced(rc.channelOther), identityOther: replaced(rc.identityOther) })
    .where(eq(rc.patientId, patientId));
}

/**
 * The register's lines of a month (Europe/Bucharest): the numbered consultations, in number
 * order, with the patient, doctor and calendar, and their intervals' first start and last end.
 */
export async function registerLines(db: Db, q: RegisterQuery, from: Date, to: Date) {
  const where = [isNotNull(rc.registerNumber), gte(rc.endedAt, from), lt(rc.endedAt, to)];
  if (q.doctor_id) where.push(eq(rc.doctorId, q.doctor_id));
  if (q.calendar_id) where.push(eq(rc.calendarId, q.calendar_id));
  return db
    .select({
      id: rc.id,
      year: rc.registerYear,
      number: rc.registerNumber,
      channel: rc.channel,
      channelOther: rc.channelOther,
      consent: rc.consent,
      identityCheck: rc.identityCheck,
      identityOther: rc.identityOther,
      endedAt: rc.endedAt,
      patientName: patientCards.name,
      patientCnp: patientCards.cnp,
      doctor: staffNames.name,
      calendar: calendarTitles.title,
      start:
        sql<Date>`(select min(${ri.startedAt}) from ${ri} where ${ri.consultationId} = ${rc.id})`.mapWith(
          (v) => new Date(v),
        ),
    })
    .from(rc)
    .innerJoin(patientCards, eq(patientCards.id, rc.patientId))
    .leftJoin(staffNames, eq(staffNames.id, rc.doctorId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, rc.calendarId))
    .where(and(...where))
    .orderBy(asc(rc.registerYear), asc(rc.registerNumber));
}

/** The group's remote consultation with its first start and last end, once an interval ended. */
export async function remoteTimesOfGroup(db: Db, guid: string) {
  const [row] = await db
    .select({
      channel: rc.channel,
      channelOther: rc.channelOther,
      start: sql<string | null>`min(${ri.startedAt})::text`,
      end: sql<string | null>`max(${ri.endedAt})::text`,
    })
    .from(rc)
    .innerJoin(ri, eq(ri.consultationId, rc.id))
    .where(eq(rc.groupGuid, guid))
    .groupBy(rc.id);
  return row?.start && row.end ? { ...row, start: new Date(row.start), end: new Date(row.end) } : null;
}
