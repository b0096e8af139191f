/** Consent withdrawal and consent text versions: the rules and the transaction around the SQL. */
import { PRIVACY_MESSAGES } from '../../../domain/privacy';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { anonymisePatient } from './anonymise';
import * as repo from './repository';

export function createPrivacyService(deps: Pick<Deps, 'db' | 'clock' | 'events'> & { storage: Storage }) {
  const { db, clock } = deps;
  return {
    /** Erasure that respects retention (anonymise.ts). */
    anonymise: (actor: Actor, input: Parameters<typeof anonymisePatient>[2]) =>
      anonymisePatient(deps, actor, input),
    /** Records that the patient withdrew a consent; 404 for another patient's, 409 when already withdrawn. */
    async withdrawConsent(
      actor: Actor,
      { patientId, consentId }: { patientId: number; consentId: number },
    ): Promise<void> {
      const now = clock.now();
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
    },
    /** A new consent text version (versions are never edited); 409 when the version exists. */
    async createConsentText(
      actor: Actor,
      { input }: { input: { version: string; text: string } },
    ): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (await repo.consentTextExists(tx, input.version)) throw conflict(PRIVACY_MESSAGES.versionExists);
        await repo.insertConsentText(tx, input.version, input.text, now);
        await audit(tx, actor, {
          action: 'privacy.consent-text.create',
          entityType: 'consent_text',
          entityId: input.version,
        });
      });
    },
  };
}
