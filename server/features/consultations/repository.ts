/** SQL of the consultations (owner: consultations): groups, their sections' entries, the lock of a signed letter. */
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consultationEntries, consultationGroups, consultationLetters } from '../../db/schema/consultations';
import { staffNames } from '../../db/views';
import { anonymiseRemoteOf, remoteRowsOfPatient } from './remote/repository';

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
      doctor: staffNames.name,
      content: consultationEntries.content,
      version: consultationEntries.version,
      created_at: consultationEntries.createdAt,
      updated_at: consultationEntries.updatedAt,
    })
    .from(consultationEntries)
    .leftJoin(staffNames, eq(staffNames.id, consultationEntries.doctorId))
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

/** The consultation group of this patient, title and day, if one exists. */
export async function consultationGroupOf(tx: Db, patientId: number, title: string, day: string) {
  const [group] = await tx
    .select({ guid: consultationGroups.guid, lockedAt: consultationGroups.lockedAt })
    .from(consultationGroups)
    .where(
      and(
        eq(consultationGroups.patientId, patientId),
        eq(consultationGroups.title, title),
        eq(consultationGroups.date, day),
      ),
    )
    .limit(1);
  return group ?? null;
}

export async function insertConsultationGroup(
  tx: Db,
  values: typeof consultationGroups.$inferInsert,
): Promise<void> {
  await tx.insert(consultationGroups).values(values);
}

/** A patient's consultation entry with its group's lock, locked until the transaction ends. */
export async function lockPatientEntry(tx: Db, patientId: number, entryId: number) {
  const [entry] = await tx
    .select({
      id: consultationEntries.id,
      guid: consultationEntries.groupGuid,
      type: consultationEntries.type,
      lockedAt: consultationGroups.lockedAt,
    })
    .from(consultationEntries)
    .innerJoin(consultationGroups, eq(consultationGroups.guid, consultationEntries.groupGuid))
    .where(and(eq(consultationEntries.id, entryId), eq(consultationEntries.patientId, patientId)))
    .for('update');
  return entry ?? null;
}

export async function updateEntryRow(
  tx: Db,
  id: number,
  changes: { content: string; updatedAt: Date; doctorId?: string | null },
): Promise<void> {
  await tx.update(consultationEntries).set(changes).where(eq(consultationEntries.id, id));
}

export async function insertEntry(tx: Db, values: typeof consultationEntries.$inferInsert): Promise<number> {
  const [row] = await tx.insert(consultationEntries).values(values).returning({ id: consultationEntries.id });
  return row.id;
}

/** Everything held of the patient's consultations (the privacy export); letters without their signed PDF (a document holds its copy). */
export async function consultationRowsOfPatient(db: Db, patientId: number) {
  const groups = await db
    .select()
    .from(consultationGroups)
    .where(eq(consultationGroups.patientId, patientId))
    .orderBy(asc(consultationGroups.date), asc(consultationGroups.createdAt));
  const entries = await db
    .select()
    .from(consultationEntries)
    .where(eq(consultationEntries.patientId, patientId))
    .orderBy(asc(consultationEntries.id));
  const { signedPdf: _pdf, ...letterColumns } = getTableColumns(consultationLetters);
  const letters = await db
    .select(letterColumns)
    .from(consultationLetters)
    .where(eq(consultationLetters.patientId, patientId))
    .orderBy(asc(consultationLetters.id));
  return { groups, entries, letters, remote: await remoteRowsOfPatient(db, patientId) };
}

/**
 * An anonymisation of the patient's consultations: each of `values` replaced by `by` in the texts
 * and group titles; each letter's content through `scrub`, and its signed PDF dropped (it names the
 * patient and cannot be changed without breaking it). The number of consultation entries.
 */
export async function anonymiseConsultationsOf(
  tx: Db,
  patientId: number,
  values: string[],
  by: string,
  scrub: (content: unknown) => unknown,
): Promise<number> {
  const replaced = (col: typeof consultationEntries.content | typeof consultationGroups.title) =>
    values.reduce((expr, v) => sql`replace(${expr}, ${v}, ${by})`, sql`${col}`);
  await tx
    .update(consultationEntries)
    .set({ content: replaced(consultationEntries.content) })
    .where(eq(consultationEntries.patientId, patientId));
  await tx
    .update(consultationGroups)
    .set({ title: replaced(consultationGroups.title) })
    .where(eq(consultationGroups.patientId, patientId));
  await anonymiseRemoteOf(tx, patientId, values, by);
  const letters = await tx
    .select({ id: consultationLetters.id, content: consultationLetters.content })
    .from(consultationLetters)
    .where(eq(consultationLetters.patientId, patientId));
  for (const l of letters)
    await tx
      .update(consultationLetters)
      .set({ content: scrub(l.content) as typeof l.content, signedPdf: null })
      .where(eq(consultationLetters.id, l.id));
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(consultationEntries)
    .where(eq(consultationEntries.patientId, patientId));
  return n;
}
