/** SQL of a patient's record: the patient, their documents, appointments and consultations. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointmentStatuses,
  appointments,
  appointmentsNewestFirst,
  calendars,
  consultationEntries,
  consultationGroups,
  documents,
  patients,
  users,
} from '../../db/schema';

export async function findPatient(db: Db, id: number, lock = false) {
  const q = db.select().from(patients).where(eq(patients.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function patientIdByCnp(db: Db, cnp: string): Promise<number | null> {
  const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.cnp, cnp));
  return row?.id ?? null;
}

const doctorName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

export async function patientDocuments(db: Db, patientId: number) {
  return db
    .select({
      id: documents.id,
      title: documents.title,
      filename: documents.filename,
      type: documents.ext,
      created_at: documents.createdAt,
      status: documents.status,
    })
    .from(documents)
    .where(eq(documents.patientId, patientId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export async function patientAppointments(db: Db, patientId: number) {
  return db
    .select({
      id: appointments.id,
      doctor_id: appointments.doctorId,
      doctor: doctorName,
      selected_date: appointments.selectedDate,
      selected_time: sql<string | null>`to_char(${appointments.selectedTime}, 'HH24:MI')`,
      status: appointments.status,
      custom_status_id: appointments.customStatusId,
      custom_title: appointmentStatuses.title,
      calendar_id: calendars.id,
      calendar_title: calendars.title,
    })
    .from(appointments)
    .leftJoin(users, eq(users.id, appointments.doctorId))
    .leftJoin(appointmentStatuses, eq(appointmentStatuses.id, appointments.customStatusId))
    .leftJoin(calendars, eq(calendars.id, appointments.calendarId))
    .where(eq(appointments.patientId, patientId))
    .orderBy(...appointmentsNewestFirst());
}

export async function consultationGroupsOf(db: Db, patientId: number) {
  return db
    .select()
    .from(consultationGroups)
    .where(eq(consultationGroups.patientId, patientId))
    .orderBy(desc(consultationGroups.date), desc(consultationGroups.createdAt));
}

export async function consultationEntriesOf(db: Db, patientId: number, groupGuid?: string) {
  return db
    .select({
      id: consultationEntries.id,
      group_guid: consultationEntries.groupGuid,
      type: consultationEntries.type,
      doctor_id: consultationEntries.doctorId,
      doctor: doctorName,
      content: consultationEntries.content,
      version: consultationEntries.version,
      created_at: consultationEntries.createdAt,
      updated_at: consultationEntries.updatedAt,
    })
    .from(consultationEntries)
    .leftJoin(users, eq(users.id, consultationEntries.doctorId))
    .where(
      groupGuid
        ? and(eq(consultationEntries.patientId, patientId), eq(consultationEntries.groupGuid, groupGuid))
        : eq(consultationEntries.patientId, patientId),
    )
    .orderBy(asc(consultationEntries.createdAt), asc(consultationEntries.id));
}

export async function findGroup(db: Db, patientId: number, guid: string) {
  const [row] = await db
    .select()
    .from(consultationGroups)
    .where(and(eq(consultationGroups.patientId, patientId), eq(consultationGroups.guid, guid)));
  return row ?? null;
}

/** Per section, the newest version only (an addendum replaces what the letter prints). */
export function latestVersions<T extends { type: string; version: number }>(entries: T[]): T[] {
  const newest = new Map<string, T>();
  for (const e of entries) {
    const seen = newest.get(e.type);
    if (!seen || e.version > seen.version) newest.set(e.type, e);
  }
  return entries.filter((e) => newest.get(e.type) === e);
}

/** The group row, locked for the transaction (saves, addenda and signing queue behind each other). */
export async function lockGroup(db: Db, patientId: number, guid: string) {
  const [row] = await db
    .select()
    .from(consultationGroups)
    .where(and(eq(consultationGroups.patientId, patientId), eq(consultationGroups.guid, guid)))
    .for('update');
  return row ?? null;
}

/** The newest version of one section of a group, if any. */
export async function latestEntry(db: Db, guid: string, type: string) {
  const [row] = await db
    .select({
      id: consultationEntries.id,
      version: consultationEntries.version,
      content: consultationEntries.content,
    })
    .from(consultationEntries)
    .where(and(eq(consultationEntries.groupGuid, guid), eq(consultationEntries.type, type)))
    .orderBy(desc(consultationEntries.version))
    .limit(1);
  return row ?? null;
}

/** Marks a consultation locked by a signed letter (its sections then change only by addenda). */
export async function lockConsultation(db: Db, guid: string, at: Date, by: string | null) {
  await db
    .update(consultationGroups)
    .set({ lockedAt: at, lockedBy: by })
    .where(eq(consultationGroups.guid, guid));
}
