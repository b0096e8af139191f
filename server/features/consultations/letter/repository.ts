/** SQL of the medical letters (owner: consultations): the register counter and the letter rows. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { consultationLetters, letterRegister } from '../../../db/schema/consultations';

/**
 * The next register number of `year`: one counter row per year, incremented in the caller's
 * transaction. Concurrent letters queue on that row, so numbers are 1, 2, 3, … with no duplicate
 * (across processes too) and no gap (a rolled-back letter rolls its increment back).
 */
export async function nextRegisterNumber(tx: Db, year: number): Promise<number> {
  const [row] = await tx
    .insert(letterRegister)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: letterRegister.year, set: { last: sql`${letterRegister.last} + 1` } })
    .returning({ last: letterRegister.last });
  return row.last;
}

/** The newest letter of a consultation group (locked when `lock`). */
export async function latestLetter(db: Db, patientId: number, guid: string, lock = false) {
  const q = db
    .select()
    .from(consultationLetters)
    .where(and(eq(consultationLetters.patientId, patientId), eq(consultationLetters.groupGuid, guid)))
    .orderBy(desc(consultationLetters.id))
    .limit(1);
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

export type LetterRow = NonNullable<Awaited<ReturnType<typeof latestLetter>>>;

export async function insertLetter(tx: Db, values: typeof consultationLetters.$inferInsert) {
  const [row] = await tx.insert(consultationLetters).values(values).returning();
  return row;
}

export async function updateLetter(
  tx: Db,
  id: number,
  set: Partial<typeof consultationLetters.$inferInsert>,
): Promise<LetterRow> {
  const [row] = await tx
    .update(consultationLetters)
    .set(set)
    .where(eq(consultationLetters.id, id))
    .returning();
  return row;
}

/** The letter a message carried, with its document (the outbox's delivery outcome). */
export async function letterByOutboxId(db: Db, outboxId: number) {
  const [row] = await db
    .select({ id: consultationLetters.id, documentId: consultationLetters.documentId })
    .from(consultationLetters)
    .where(eq(consultationLetters.outboxId, outboxId));
  return row ?? null;
}
