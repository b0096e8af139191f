/**
 * SQL of the privacy area: what is held about one patient, consent texts and withdrawal, the
 * writes of an anonymisation, retention.
 */
import { and, asc, desc, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { foldText } from '../../../domain/text';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';
import {
  appointments,
  auditEvents,
  consents,
  consentTexts,
  consultationEntries,
  consultationGroups,
  consultationLetters,
  documents,
  outbox,
  patients,
  waitlistEntries,
} from '../../db/schema';

export type PatientRow = typeof patients.$inferSelect;

export async function findPatient(db: Db, id: number, lock = false): Promise<PatientRow | null> {
  const q = db.select().from(patients).where(eq(patients.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Strings that identify the patient wherever they were copied: name, CNP, contacts. */
export function identityValues(p: PatientRow): string[] {
  const national = (e164: string | null) =>
    e164?.startsWith('+40') && e164.length === 12 ? [`0${e164.slice(3)}`] : [];
  const values = [p.name, p.cnp, p.phone, ...national(p.phone), p.email, p.gpPhone, ...national(p.gpPhone)];
  return [...new Set(values.filter((v): v is string => !!v && v.length >= 4))];
}

/**
 * Outbox rows about the patient: addressed to their e-mail or (SMS) their phone, or naming them (a letter sent to the
 * family doctor carries the patient's name in its subject and text).
 */
export function outboxAbout(p: PatientRow): SQL {
  const conds: SQL[] = [];
  if (p.email) conds.push(sql`lower(${outbox.to}) = lower(${p.email})`);
  // SMS name nobody: they are the patient's by their number.
  const phone = p.phone ? (normalizePhone(p.phone) ?? p.phone) : null;
  if (phone) conds.push(sql`(${outbox.channel} = 'sms' and ${outbox.to} = ${phone})`);
  for (const v of [p.name, p.cnp]) {
    conds.push(
      sql`(strpos(${outbox.subject}, ${v}) > 0 or strpos(${outbox.text}, ${v}) > 0 or strpos(coalesce(${outbox.html}, ''), ${v}) > 0)`,
    );
  }
  return or(...conds)!;
}

/** Everything held about a patient, row by row (the export's machine-readable part). */
export async function patientRecord(db: Db, p: PatientRow) {
  const id = p.id;
  const appts = await db
    .select()
    .from(appointments)
    .where(eq(appointments.patientId, id))
    .orderBy(asc(appointments.id));
  const groups = await db
    .select()
    .from(consultationGroups)
    .where(eq(consultationGroups.patientId, id))
    .orderBy(asc(consultationGroups.date), asc(consultationGroups.createdAt));
  const entries = await db
    .select()
    .from(consultationEntries)
    .where(eq(consultationEntries.patientId, id))
    .orderBy(asc(consultationEntries.id));
  // Medical letters: every field but the signed PDF's bytes (its copy is among the documents).
  const { signedPdf: _pdf, ...letterColumns } = getTableColumns(consultationLetters);
  const letters = await db
    .select(letterColumns)
    .from(consultationLetters)
    .where(eq(consultationLetters.patientId, id))
    .orderBy(asc(consultationLetters.id));
  const consentRows = await consentsOf(db, id);
  const docs = await db
    .select()
    .from(documents)
    .where(eq(documents.patientId, id))
    .orderBy(asc(documents.id));
  const events = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.patientId, id))
    .orderBy(asc(auditEvents.id));
  const mails = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      state: outbox.state,
      sentAt: outbox.sentAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(outboxAbout(p))
    .orderBy(asc(outbox.id));
  const waiting = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.patientId, id))
    .orderBy(asc(waitlistEntries.id));
  return { appts, groups, entries, letters, consentRows, docs, events, mails, waiting };
}

export async function consentsOf(db: Db, patientId: number) {
  return db
    .select({
      id: consents.id,
      appointmentId: consents.appointmentId,
      textVersion: consents.textVersion,
      text: consentTexts.text,
      givenAt: consents.givenAt,
      ip: consents.ip,
      withdrawnAt: consents.withdrawnAt,
    })
    .from(consents)
    .leftJoin(consentTexts, eq(consentTexts.version, consents.textVersion))
    .where(eq(consents.patientId, patientId))
    .orderBy(desc(consents.givenAt), desc(consents.id));
}

export async function listConsentTexts(db: Db) {
  return db.select().from(consentTexts).orderBy(desc(consentTexts.createdAt), desc(consentTexts.version));
}

const LAST_CONTACT = sql`greatest(
  (p.created_at at time zone 'Europe/Bucharest')::date,
  (select max(a.selected_date) from appointments a where a.patient_id = p.id),
  (select max(g.date) from consultation_groups g where g.patient_id = p.id),
  (select max((e.created_at at time zone 'Europe/Bucharest')::date) from consultation_entries e where e.patient_id = p.id),
  (select max((d.created_at at time zone 'Europe/Bucharest')::date) from documents d where d.patient_id = p.id)
)`;

type RetentionRow = {
  id: number;
  name: string;
  cnp: string;
  anonymised_at: Date | string | null;
  last_contact: string;
};

/**
 * Patients whose last contact (latest appointment day, consultation, document, or the record's
 * creation) is before `cutoff` (YYYY-MM-DD): due for the archive's retention review. Oldest first.
 */
export async function retentionDue(db: Db, cutoff: string, page: number, perPage: number) {
  const due = sql`select p.id, p.name, p.cnp, p.anonymised_at, ${LAST_CONTACT} as last_contact from patients p`;
  const count = (await db.execute(
    sql`select count(*)::int as total from (${due}) lc where lc.last_contact < ${cutoff}::date`,
  )) as unknown as { rows: { total: number }[] };
  const list = (await db.execute(sql`
    select id, name, cnp, anonymised_at, last_contact::text as last_contact
    from (${due}) lc where lc.last_contact < ${cutoff}::date
    order by lc.last_contact, lc.id
    limit ${perPage} offset ${(page - 1) * perPage}`)) as unknown as { rows: RetentionRow[] };
  return { total: count.rows[0].total, rows: list.rows };
}

export type ConsentRow = typeof consents.$inferSelect;

/** One consent of one patient, locked for the change that follows. */
export async function lockConsent(db: Db, patientId: number, consentId: number): Promise<ConsentRow | null> {
  const [row] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.id, consentId), eq(consents.patientId, patientId)))
    .for('update');
  return row ?? null;
}

export async function markConsentWithdrawn(db: Db, consentId: number, at: Date): Promise<void> {
  await db.update(consents).set({ withdrawnAt: at }).where(eq(consents.id, consentId));
}

export async function consentTextExists(db: Db, version: string): Promise<boolean> {
  const [row] = await db
    .select({ version: consentTexts.version })
    .from(consentTexts)
    .where(eq(consentTexts.version, version));
  return !!row;
}

export async function insertConsentText(db: Db, version: string, text: string, at: Date): Promise<void> {
  await db.insert(consentTexts).values({ version, text, createdAt: at });
}

// The writes of an anonymisation (privacy/anonymise.ts runs them in one transaction).

/** Deletes the outbox rows about the patient; their ids. */
export async function deleteOutboxAbout(db: Db, p: PatientRow): Promise<number[]> {
  const rows = await db.delete(outbox).where(outboxAbout(p)).returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/** The patient row under a pseudonym: name, CNP and contacts replaced or cleared. */
export async function pseudonymisePatient(
  db: Db,
  id: number,
  identity: { name: string; cnp: string },
  at: Date,
): Promise<void> {
  await db
    .update(patients)
    .set({
      name: identity.name,
      nameSearch: foldText(identity.name),
      cnp: identity.cnp,
      phone: '',
      email: null,
      gpName: null,
      gpEmail: null,
      gpPhone: null,
      anonymisedAt: at,
      updatedAt: at,
    })
    .where(eq(patients.id, id));
}

/** Clears the public-form data on the patient's appointments; how many appointments. */
export async function clearRequestData(db: Db, patientId: number): Promise<number> {
  const rows = await db
    .update(appointments)
    .set({ requestData: null })
    .where(eq(appointments.patientId, patientId))
    .returning({ id: appointments.id });
  return rows.length;
}

export async function clearConsentIps(db: Db, patientId: number): Promise<void> {
  await db.update(consents).set({ ip: null }).where(eq(consents.patientId, patientId));
}

/** Replaces each of `values` by `by` in the patient's consultation texts and group titles. */
export async function replaceInConsultations(
  db: Db,
  patientId: number,
  values: string[],
  by: string,
): Promise<void> {
  const replaced = (col: typeof consultationEntries.content | typeof consultationGroups.title) =>
    values.reduce((expr, v) => sql`replace(${expr}, ${v}, ${by})`, sql`${col}`);
  await db
    .update(consultationEntries)
    .set({ content: replaced(consultationEntries.content) })
    .where(eq(consultationEntries.patientId, patientId));
  await db
    .update(consultationGroups)
    .set({ title: replaced(consultationGroups.title) })
    .where(eq(consultationGroups.patientId, patientId));
}

export async function countConsultationEntries(db: Db, patientId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(consultationEntries)
    .where(eq(consultationEntries.patientId, patientId));
  return n;
}

type LetterContent = typeof consultationLetters.$inferSelect.content;

export async function lettersOf(db: Db, patientId: number) {
  return db
    .select({ id: consultationLetters.id, content: consultationLetters.content })
    .from(consultationLetters)
    .where(eq(consultationLetters.patientId, patientId));
}

/** A letter's new content; its signed PDF goes (it names the patient and cannot be changed). */
export async function replaceLetterContent(db: Db, letterId: number, content: LetterContent): Promise<void> {
  await db
    .update(consultationLetters)
    .set({ content, signedPdf: null })
    .where(eq(consultationLetters.id, letterId));
}

/** Audit events about the patient or whose details contain one of `values`. */
export async function auditEventsMentioning(db: Db, patientId: number, values: string[]) {
  return db
    .select({ id: auditEvents.id, details: auditEvents.details })
    .from(auditEvents)
    .where(
      or(
        eq(auditEvents.patientId, patientId),
        ...values.map((v) => sql`strpos(${auditEvents.details}::text, ${v}) > 0`),
      ),
    );
}

export async function setAuditDetails(db: Db, eventId: number, details: unknown): Promise<void> {
  await db.update(auditEvents).set({ details }).where(eq(auditEvents.id, eventId));
}

/** The patient's own actions (no staff actor) lose the address they came from. */
export async function clearPublicAuditIps(db: Db, patientId: number): Promise<void> {
  await db
    .update(auditEvents)
    .set({ ip: null })
    .where(and(eq(auditEvents.patientId, patientId), isNull(auditEvents.actorId)));
}

/** Deletes the patient's document rows; their ids and storage keys (the files go after the commit). */
export async function deleteDocumentsOf(db: Db, patientId: number) {
  return db
    .delete(documents)
    .where(eq(documents.patientId, patientId))
    .returning({ id: documents.id, key: documents.storageKey });
}
