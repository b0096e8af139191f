/**
 * Erasure that respects retention (GDPR art. 17(3)(c)): the identity goes, the clinical and
 * statistical record stays. In one transaction the patient row gets a pseudonym, every copy of the
 * identity elsewhere (public-form data on appointments, consent IPs, audit details, consultation
 * text, e-mails about them) is removed, and the document rows are deleted; the stored files are
 * deleted after the commit (a file is never removed for a change that rolled back).
 */
import { anonymisedCnp, anonymisedName, PRIVACY_MESSAGES } from '../../../domain/privacy';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import * as repo from './repository';

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
    const p = await repo.findPatient(tx, id, true);
    if (!p) throw notFound(PRIVACY_MESSAGES.patientNotFound);
    if (p.anonymisedAt) throw conflict(PRIVACY_MESSAGES.alreadyAnonymised);
    const secrets = repo.identityValues(p);
    const gp = [p.gpName, p.gpEmail].filter((v): v is string => !!v && v.length >= 4);
    const pseudonym = anonymisedName(id);

    // Messages about the patient are read before the row changes (they are matched by identity).
    const mails = await repo.deleteOutboxAbout(tx, p);
    await repo.pseudonymisePatient(tx, id, { name: pseudonym, cnp: anonymisedCnp(id) }, now);
    const appointments = await repo.clearRequestData(tx, id);
    await repo.clearConsentIps(tx, id);

    // Clinical text stays; a name or phone number typed into it does not.
    const all = [...secrets, ...gp];
    await repo.replaceInConsultations(tx, id, all, pseudonym);
    // Medical letters keep their number and clinical fields; the identity typed into them goes, and
    // so does the signed PDF, which names the patient and cannot be changed without breaking it.
    for (const l of await repo.lettersOf(tx, id))
      await repo.replaceLetterContent(tx, l.id, scrub(l.content, all) as typeof l.content);
    const consultations = await repo.countConsultationEntries(tx, id);

    // Audit rows stay (who did what, when) but lose the identity they carried. The patient's own
    // actions on the public form (no staff actor) also lose the IP they came from.
    for (const e of await repo.auditEventsMentioning(tx, id, all)) {
      if (e.details == null) continue;
      const clean = scrub(e.details, all);
      if (JSON.stringify(clean) !== JSON.stringify(e.details)) await repo.setAuditDetails(tx, e.id, clean);
    }
    await repo.clearPublicAuditIps(tx, id);

    const docs = await repo.deleteDocumentsOf(tx, id);

    const result = { documents: docs.length, appointments, consultations };
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
