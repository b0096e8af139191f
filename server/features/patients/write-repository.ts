/**
 * The patient area's writes (SQL only in repositories, docs/ARCHITECTURE.md): patients,
 * consultation groups and their entries, inside the service's transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consultationEntries, consultationGroups, patients } from '../../db/schema';

type PatientValues = typeof patients.$inferInsert;

export async function insertPatient(tx: Db, values: PatientValues): Promise<number> {
  const [row] = await tx.insert(patients).values(values).returning({ id: patients.id });
  return row.id;
}

export async function updatePatientRow(
  tx: Db,
  id: number,
  changes: Partial<Omit<PatientValues, 'id' | 'cnp'>>,
): Promise<void> {
  await tx.update(patients).set(changes).where(eq(patients.id, id));
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
