/** SQL of marking public requests as spam (issue 20 §2): lock, remove, and the orphaned patient. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  appointments,
  consents,
  consultationEntries,
  consultationGroups,
  consultationLetters,
  documents,
  patients,
  waitlistEntries,
} from '../../db/schema';

export type SpamCandidate = typeof appointments.$inferSelect & {
  /** created_at to the microsecond (a JS Date keeps milliseconds only). */
  createdAtExact: string;
};

/** The appointments with these ids, locked until the transaction ends (in id order: no deadlock). */
export async function lockAppointments(tx: Db, ids: readonly number[]): Promise<SpamCandidate[]> {
  const rows = await tx
    .select({ row: appointments, createdAtExact: sql<string>`${appointments.createdAt}::text` })
    .from(appointments)
    .where(inArray(appointments.id, [...ids]))
    .orderBy(appointments.id)
    .for('update');
  return rows.map(({ row, createdAtExact }) => ({ ...row, createdAtExact }));
}

/** Removes the request and the consent given with it (the form's agreement goes with the form). */
export async function deleteRequest(tx: Db, appointmentId: number): Promise<void> {
  await tx.delete(consents).where(eq(consents.appointmentId, appointmentId));
  await tx.delete(appointments).where(eq(appointments.id, appointmentId));
}

/**
 * Deletes the patient when the spam request created it and nothing else refers to it now; true
 * when it did. "Created by the request": no staff author and created in the request's own
 * transaction (PostgreSQL's now() is the transaction's start, so both rows carry the same instant).
 * A patient staff entered, or one with any other appointment, document, consultation, consent or
 * place on a waitlist, stays.
 */
export async function deletePatientCreatedBy(tx: Db, request: SpamCandidate): Promise<boolean> {
  const unreferenced = (table: PgTable & { patientId: AnyPgColumn }) =>
    sql`not exists (select 1 from ${table} where ${table.patientId} = ${patients.id})`;
  const removed = await tx
    .delete(patients)
    .where(
      and(
        eq(patients.id, request.patientId),
        isNull(patients.createdBy),
        sql`${patients.createdAt} = ${request.createdAtExact}::timestamptz`,
        unreferenced(appointments),
        unreferenced(documents),
        unreferenced(consents),
        unreferenced(consultationGroups),
        unreferenced(consultationEntries),
        unreferenced(consultationLetters),
        unreferenced(waitlistEntries),
      ),
    )
    .returning({ id: patients.id });
  return removed.length > 0;
}
