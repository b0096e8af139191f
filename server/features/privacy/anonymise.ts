/**
 * Erasure that respects retention (GDPR art. 17(3)(c)): the identity goes, the clinical and
 * statistical record stays. In one transaction the patient row gets a pseudonym, every copy of the
 * identity elsewhere (public-form data on appointments, consent IPs, audit details, consultation
 * text, e-mails about them) is removed, and the document rows are deleted; the stored files are
 * deleted after the commit (a file is never removed for a change that rolled back).
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { anonymisedCnp, anonymisedName, PRIVACY_MESSAGES } from '../../../domain/privacy';
import { foldText } from '../../../domain/text';
import type { Db } from '../../db/client';
import {
  appointments,
  auditEvents,
  consents,
  consultationEntries,
  consultationGroups,
  consultationLetters,
  documents,
  outbox,
  patients,
} from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { findPatient, identityValues, outboxAbout } from './repository';

const REDACTED = '[anonimizat]';

/** Replaces every identity value inside a JSON value (keys and strings), recursively. */
export function scrub(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') return secrets.reduce((s, v) => s.split(v).join(REDACTED), value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrub(k, secrets), scrub(v, secrets)]));
  return value;
}

export type AnonymiseResult = { documents: number; appointments: number; consultations: number };

export async function anonymisePatient(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
  now: Date,
  log: { error(details: object): void },
): Promise<AnonymiseResult> {
  const { keys, result } = await db.transaction(async (tx) => {
    const p = await findPatient(tx, id, true);
    if (!p) throw notFound(PRIVACY_MESSAGES.patientNotFound);
    if (p.anonymisedAt) throw conflict(PRIVACY_MESSAGES.alreadyAnonymised);
    const secrets = identityValues(p);
    const gp = [p.gpName, p.gpEmail].filter((v): v is string => !!v && v.length >= 4);
    const pseudonym = anonymisedName(id);

    // Messages about the patient are read before the row changes (they are matched by identity).
    const mails = await tx.delete(outbox).where(outboxAbout(p)).returning({ id: outbox.id });

    await tx
      .update(patients)
      .set({
        name: pseudonym,
        nameSearch: foldText(pseudonym),
        cnp: anonymisedCnp(id),
        phone: '',
        email: null,
        gpName: null,
        gpEmail: null,
        gpPhone: null,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(patients.id, id));

    const appts = await tx
      .update(appointments)
      .set({ requestData: null })
      .where(eq(appointments.patientId, id))
      .returning({ id: appointments.id });
    await tx.update(consents).set({ ip: null }).where(eq(consents.patientId, id));

    // Clinical text stays; a name or phone number typed into it does not.
    const all = [...secrets, ...gp];
    const replaced = (col: typeof consultationEntries.content | typeof consultationGroups.title) =>
      all.reduce((expr, v) => sql`replace(${expr}, ${v}, ${pseudonym})`, sql`${col}`);
    await tx
      .update(consultationEntries)
      .set({ content: replaced(consultationEntries.content) })
      .where(eq(consultationEntries.patientId, id));
    await tx
      .update(consultationGroups)
      .set({ title: replaced(consultationGroups.title) })
      .where(eq(consultationGroups.patientId, id));
    // Medical letters keep their number and clinical fields; the identity typed into them goes, and
    // so does the signed PDF, which names the patient and cannot be changed without breaking it.
    const letters = await tx
      .select({ id: consultationLetters.id, content: consultationLetters.content })
      .from(consultationLetters)
      .where(eq(consultationLetters.patientId, id));
    for (const l of letters)
      await tx
        .update(consultationLetters)
        .set({ content: scrub(l.content, all) as typeof l.content, signedPdf: null })
        .where(eq(consultationLetters.id, l.id));
    const [{ n: consultations }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(consultationEntries)
      .where(eq(consultationEntries.patientId, id));

    // Audit rows stay (who did what, when) but lose the identity they carried. The patient's own
    // actions on the public form (no staff actor) also lose the IP they came from.
    const mentions = or(
      eq(auditEvents.patientId, id),
      ...all.map((v) => sql`strpos(${auditEvents.details}::text, ${v}) > 0`),
    );
    const events = await tx
      .select({ id: auditEvents.id, details: auditEvents.details })
      .from(auditEvents)
      .where(mentions);
    for (const e of events) {
      if (e.details == null) continue;
      const clean = scrub(e.details, all);
      if (JSON.stringify(clean) !== JSON.stringify(e.details))
        await tx.update(auditEvents).set({ details: clean }).where(eq(auditEvents.id, e.id));
    }
    await tx
      .update(auditEvents)
      .set({ ip: null })
      .where(and(eq(auditEvents.patientId, id), isNull(auditEvents.actorId)));

    const docs = await tx
      .delete(documents)
      .where(eq(documents.patientId, id))
      .returning({ id: documents.id, key: documents.storageKey });

    const result = { documents: docs.length, appointments: appts.length, consultations };
    await audit(tx, actor, {
      action: 'privacy.anonymise',
      entityType: 'patient',
      entityId: id,
      patientId: id,
      details: { ...result, emails: mails.length, documentIds: docs.map((d) => d.id) },
    });
    return { keys: docs.map((d) => d.key), result };
  });

  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      // The row is gone; the orphaned file holds no link to the patient and a sweep may retry.
      log.error({ event: 'privacy.anonymise.file-delete-failed', key, err: (err as Error).message });
    }
  }
  return result;
}
