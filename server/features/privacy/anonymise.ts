/**
 * Erasure that respects retention (GDPR art. 17(3)(c)): the identity goes, the clinical and
 * statistical record stays. In one transaction the patient row gets a pseudonym, every copy of the
 * identity elsewhere (public-form data on appointments, consent IPs, audit details, consultation
 * text, e-mails about them) is removed, and the document rows are deleted; the stored files are
 * deleted after the commit (a file is never removed for a change that rolled back).
 */
import { anonymisedCnp, anonymisedName, PRIVACY_MESSAGES } from '../../../domain/privacy';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit, scrubAuditOfPatient } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { Events } from '../../platform/events';
import { deleteMessagesAbout, type MessageSubject } from '../../platform/outbox';
import type { Storage } from '../../platform/storage';
import { clearRequestDataOf } from '../appointments';
import { anonymiseConsultationsOf } from '../consultations';
import { deleteDocumentsOfPatient } from '../documents';
import { lockPatient, type PatientRecord, pseudonymisePatient } from '../patients';
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

/** Strings that identify the patient wherever they were copied: name, CNP, contacts. */
export function identityValues(p: PatientRecord): string[] {
  const national = (e164: string | null) =>
    e164?.startsWith('+40') && e164.length === 12 ? [`0${e164.slice(3)}`] : [];
  const values = [p.name, p.cnp, p.phone, ...national(p.phone), p.email, p.gpPhone, ...national(p.gpPhone)];
  return [...new Set(values.filter((v): v is string => !!v && v.length >= 4))];
}

/** Whom the outbox's messages about the patient are addressed to or name. */
export const messageSubject = (p: PatientRecord): MessageSubject => ({
  email: p.email,
  phone: p.phone ? (normalizePhone(p.phone) ?? p.phone) : null,
  name: p.name,
  cnp: p.cnp,
});

export type AnonymiseResult = { documents: number; appointments: number; consultations: number };

export async function anonymisePatient(
  deps: { db: Db; storage: Storage; clock: { now(): Date }; events: Events },
  actor: Actor,
  { id, log }: { id: number; log: { error(details: object): void } },
): Promise<AnonymiseResult> {
  const { db, storage } = deps;
  const now = deps.clock.now();
  const { keys, result } = await db.transaction(async (tx) => {
    const p = await lockPatient(tx, id);
    if (!p) throw notFound(PRIVACY_MESSAGES.patientNotFound);
    if (p.anonymisedAt) throw conflict(PRIVACY_MESSAGES.alreadyAnonymised);
    const secrets = identityValues(p);
    const gp = [p.gpName, p.gpEmail].filter((v): v is string => !!v && v.length >= 4);
    const pseudonym = anonymisedName(id);

    // Messages about the patient are found before the row changes (they are matched by identity).
    const mails = await deleteMessagesAbout(tx, messageSubject(p));
    await pseudonymisePatient(tx, deps.events, id, { name: pseudonym, cnp: anonymisedCnp(id) }, now);
    const appointments = await clearRequestDataOf(tx, id);
    await repo.clearConsentIps(tx, id);

    // Clinical text stays; a name or phone number typed into it does not. Medical letters keep
    // their number and clinical fields, and lose the signed PDF, which names the patient.
    const all = [...secrets, ...gp];
    const consultations = await anonymiseConsultationsOf(tx, id, all, pseudonym, (c) => scrub(c, all));
    // Audit rows stay (who did what, when) but lose the identity they carried.
    await scrubAuditOfPatient(tx, id, all, (d) => scrub(d, all));

    const docs = await deleteDocumentsOfPatient(tx, id);

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
