/** Consent withdrawal and consent text versions: the rules and the transaction around the SQL. */
import { PRIVACY_MESSAGES } from '../../../domain/privacy';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import * as repo from './repository';

/** Records that the patient withdrew a consent; 404 for another patient's, 409 when already withdrawn. */
export async function withdrawConsent(
  db: Db,
  actor: Actor,
  patientId: number,
  consentId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await repo.lockConsent(tx, patientId, consentId);
    if (!c) throw notFound(PRIVACY_MESSAGES.consentNotFound);
    if (c.withdrawnAt) throw conflict(PRIVACY_MESSAGES.consentAlreadyWithdrawn);
    await repo.markConsentWithdrawn(tx, consentId, now);
    await audit(tx, actor, {
      action: 'privacy.consent.withdraw',
      entityType: 'consent',
      entityId: consentId,
      patientId,
      details: { textVersion: c.textVersion },
    });
  });
}

/** A new consent text version (versions are never edited); 409 when the version exists. */
export async function createConsentText(
  db: Db,
  actor: Actor,
  input: { version: string; text: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (await repo.consentTextExists(tx, input.version)) throw conflict(PRIVACY_MESSAGES.versionExists);
    await repo.insertConsentText(tx, input.version, input.text, now);
    await audit(tx, actor, {
      action: 'privacy.consent-text.create',
      entityType: 'consent_text',
      entityId: input.version,
    });
  });
}
