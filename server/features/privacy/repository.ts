/**
 * SQL of the privacy area (owner: privacy): the consent texts and the consents given, their
 * withdrawal, and the archive's retention review. What the other owners hold of a patient is
 * exported and anonymised through their own exports (export.ts, anonymise.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { renderConsentText } from '../../../domain/privacy';
import { CONSENT_TEXT } from '../../../domain/registration';
import type { Db } from '../../db/client';
import { consents, consentTexts } from '../../db/schema/privacy';
import { appointmentFacts, consultationDays, documentDays, patientCards } from '../../db/views';

async function consentsOf(db: Db, patientId: number) {
  return db
    .select({
      id: consents.id,
      appointmentId: consents.appointmentId,
      textVersion: consents.textVersion,
      shownText: consents.shownText,
      template: consentTexts.text,
      givenAt: consents.givenAt,
      ip: consents.ip,
      withdrawnAt: consents.withdrawnAt,
    })
    .from(consents)
    .leftJoin(consentTexts, eq(consentTexts.version, consents.textVersion))
    .where(eq(consents.patientId, patientId))
    .orderBy(desc(consents.givenAt), desc(consents.id));
}

/**
 * The patient's consents with the text each one agreed to as the form showed it: stored since
 * migration 0037; for a consent given before, its version's text with today's institute name
 * filled in (`textStored` false), the built-in text's version having none stored.
 */
export async function consentsAsShown(db: Db, patientId: number, institute: string) {
  return (await consentsOf(db, patientId)).map(({ shownText, template, ...c }) => ({
    ...c,
    text: shownText ?? renderConsentText(template ?? CONSENT_TEXT, institute),
    textStored: shownText !== null,
  }));
}

export async function listConsentTexts(db: Db) {
  return db.select().from(consentTexts).orderBy(desc(consentTexts.createdAt), desc(consentTexts.version));
}

/** The consent text the form shows now: the newest version (a changed text is a new version). */
export async function currentConsentText(db: Db): Promise<{ version: string; text: string } | null> {
  const [row] = await db
    .select({ version: consentTexts.version, text: consentTexts.text })
    .from(consentTexts)
    .orderBy(desc(consentTexts.createdAt), desc(consentTexts.version))
    .limit(1);
  return row ?? null;
}

const LAST_CONTACT = sql`greatest(
  (p.created_at at time zone 'Europe/Bucharest')::date,
  (select max(a.selected_date) from ${appointmentFacts} a where a.patient_id = p.id),
  (select max(c.day) from ${consultationDays} c where c.patient_id = p.id),
  (select max(d.day) from ${documentDays} d where d.patient_id = p.id)
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
  const due = sql`select p.id, p.name, p.cnp, p.anonymised_at, ${LAST_CONTACT} as last_contact from ${patientCards} p`;
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

export async function clearConsentIps(db: Db, patientId: number): Promise<void> {
  await db.update(consents).set({ ip: null }).where(eq(consents.patientId, patientId));
}

/** Removes the consent given with a request (a request removed as spam takes its agreement with it). */
export async function deleteConsentOfRequest(tx: Db, appointmentId: number): Promise<void> {
  await tx.delete(consents).where(eq(consents.appointmentId, appointmentId));
}
