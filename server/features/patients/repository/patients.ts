/** SQL of one patient (owner: patients): the record, its writes, what other features read of it. */
import { and, asc, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { PatientPanel } from '../../../../domain/appointment-replies';
import { COUNTIES } from '../../../../domain/counties';
import { INSURANCE_LABELS, type InsuranceStatus } from '../../../../domain/patients';
import { pickerPatient } from '../../../../domain/privacy';
import { foldText, searchWords } from '../../../../domain/text';
import type { Db } from '../../../db/client';
import { patients } from '../../../db/schema/patients';
import { constraintViolation } from '../../../platform/db-errors';
import type { Events } from '../../../platform/events';
import { literalInt } from '../../../platform/page-sql';
import { likeContains } from '../../../platform/prefix-match';

const p = patients;
type PatientValues = typeof patients.$inferInsert;

/** The whole record; null when there is none. */
export async function patientRecord(db: Db, id: number) {
  const [row] = await db.select().from(p).where(eq(p.id, id));
  return row ?? null;
}
export type PatientRecord = NonNullable<Awaited<ReturnType<typeof patientRecord>>>;

/** The record, locked until the transaction ends (two saves of one patient wait for each other). */
export async function lockPatient(tx: Db, id: number) {
  const [row] = await tx.select().from(p).where(eq(p.id, id)).for('update');
  return row ?? null;
}

export async function patientIdByCnp(db: Db, cnp: string): Promise<number | null> {
  const [row] = await db.select({ id: p.id }).from(p).where(eq(p.cnp, cnp));
  return row?.id ?? null;
}

/** What a message to the patient needs: the name and where to reach them. */
export async function patientContact(db: Db, id: number) {
  const [row] = await db
    .select({ id: p.id, name: p.name, email: p.email, phone: p.phone })
    .from(p)
    .where(eq(p.id, id));
  return row ?? null;
}

/** The patient as the appointment's side panel shows them (SPEC §2 Appointment detail). */
export async function patientPanel(db: Db, id: number): Promise<PatientPanel | null> {
  const pt = await patientRecord(db, id);
  if (!pt) return null;
  return {
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
  };
}

/**
 * Patients for a picker (a new appointment, a document): whose CNP starts with the digits typed,
 * or whose folded name contains the text or has every typed word starting a word of it, in any
 * order ("Petru Matei" finds "Matei Petru"); the trigram index answers the `%…%` parts.
 */
export async function pickerSearch(db: Db, text: string | null | undefined, limit = 20) {
  const typed = (text ?? '').trim();
  const digits = /^\d+$/.test(typed);
  const words = searchWords(typed);
  const wordsMatch = and(
    ...words.map((w) =>
      and(
        like(p.nameSearch, likeContains(w)),
        like(sql`' ' || ${p.nameSearch}`, `% ${likeContains(w).slice(1)}`),
      ),
    ),
  );
  const contains = like(p.nameSearch, likeContains(foldText(typed)));
  const where = !typed
    ? undefined
    : digits
      ? like(p.cnp, `${typed}%`)
      : words.length > 1
        ? or(contains, wordsMatch)
        : contains;
  const found = await db
    .select({ id: p.id, name: p.name, cnp: p.cnp })
    .from(p)
    .where(where)
    .orderBy(asc(p.nameSearch), asc(p.id))
    .limit(literalInt(limit));
  return found.map((r) => pickerPatient(r));
}

export async function insertPatient(tx: Db, values: PatientValues): Promise<number> {
  const [row] = await tx.insert(p).values(values).returning({ id: p.id });
  return row.id;
}

export async function updatePatientRow(
  tx: Db,
  id: number,
  changes: Partial<Omit<PatientValues, 'id' | 'cnp'>>,
) {
  await tx.update(p).set(changes).where(eq(p.id, id));
}

/**
 * Deletes the patient a spam request made, when nothing else refers to them now; true when it
 * did. "Made by the request": no staff author and created in the request's transaction
 * (PostgreSQL's now() is the transaction's start, so both rows carry the same instant,
 * `createdAtExact` to the microsecond). Any other appointment, document, consultation, consent or
 * place on a waitlist keeps the patient: their foreign keys refuse the delete, in a savepoint.
 */
export async function removePatientIfOnlyThisRequest(tx: Db, id: number, createdAtExact: string) {
  try {
    const removed = await tx.transaction((sp) =>
      sp
        .delete(p)
        .where(and(eq(p.id, id), isNull(p.createdBy), sql`${p.createdAt} = ${createdAtExact}::timestamptz`))
        .returning({ id: p.id }),
    );
    return removed.length > 0;
  } catch (err) {
    if (constraintViolation(err)?.kind === 'foreign-key') return false;
    throw err;
  }
}

/** The patient under a pseudonym (an anonymisation): name, CNP and contacts replaced or cleared. */
export async function pseudonymisePatient(
  tx: Db,
  events: Events,
  id: number,
  identity: { name: string; cnp: string },
  at: Date,
) {
  const nameSearch = foldText(identity.name);
  await tx
    .update(p)
    .set({
      name: identity.name,
      nameSearch,
      cnp: identity.cnp,
      phone: '',
      email: null,
      gpName: null,
      gpEmail: null,
      gpPhone: null,
      anonymisedAt: at,
      updatedAt: at,
    })
    .where(eq(p.id, id));
  await events.emit(tx, 'patient.renamed', { patientId: id, nameSearch });
}
