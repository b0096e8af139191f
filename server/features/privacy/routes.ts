/**
 * /api/privacy: data-subject requests (export, anonymise; superadmins only), consent texts and
 * withdrawal, and the retention review list (issue 11).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, pageCount, pageQuery, replies } from '../../../domain/api';
import { addYears, clinicToday } from '../../../domain/dates';
import { patientIdField } from '../../../domain/patients';
import {
  anonymisedReply,
  anonymiseSchema,
  type ConsentRecord,
  consentTextCreatedReply,
  consentTextSchema,
  consentTextsReply,
  consentWithdrawnReply,
  maskCnp,
  PRIVACY_MESSAGES,
  patientPrivacyReply,
  type RetentionItem,
  retentionReply,
} from '../../../domain/privacy';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/http-headers';
import { patientRecord } from '../patients';
import { exportZip } from './export';
import * as repo from './repository';
import { createPrivacyService } from './service';

const tags = ['privacy'];
const superadmin = { superadmin: true };
const idParams = z.object({ id: patientIdField });
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const { storage } = app.deps;
  const service = createPrivacyService(app.deps);

  const patientOr404 = async (id: number) => {
    const p = await patientRecord(db(), id);
    if (!p) throw notFound(PRIVACY_MESSAGES.patientNotFound);
    return p;
  };

  app.get(
    '/privacy/patients/:id',
    {
      schema: {
        tags,
        summary:
          'Whether the patient is anonymised, and their consent records with the text version agreed to',
        params: idParams,
        response: replies({ 200: patientPrivacyReply }),
      },
    },
    async (req) => {
      const p = await patientOr404(req.params.id);
      const rows = await repo.consentsAsShown(db(), p.id, app.deps.config.INSTITUTE_NAME);
      const list: ConsentRecord[] = rows.map((c) => ({
        id: c.id,
        text_version: c.textVersion,
        text: c.text,
        given_at: iso(c.givenAt)!,
        withdrawn_at: iso(c.withdrawnAt),
        appointment_id: c.appointmentId,
      }));
      return {
        status: 1 as const,
        privacy: { patient_id: p.id, anonymised_at: iso(p.anonymisedAt), consents: list },
      };
    },
  );

  app.get(
    '/privacy/patients/:id/export',
    {
      config: superadmin,
      schema: {
        tags,
        summary:
          'Everything held about a patient (GDPR art. 15, 20): ZIP with patient.json, the documents and rezumat.pdf',
        params: idParams,
        response: replies({ 200: fileReply('application/zip') }),
      },
    },
    async (req, reply) => {
      const p = await patientOr404(req.params.id);
      const now = app.deps.clock.now();
      // Recorded first, so the export lists its own access like every other one.
      await audit(db(), req.actor, {
        action: 'privacy.export',
        entityType: 'patient',
        entityId: p.id,
        patientId: p.id,
      });
      const stream = await exportZip(db(), storage, p, {
        institute: app.deps.config.INSTITUTE_NAME,
        now,
        onError: (err) =>
          req.log.error({ event: 'privacy.export.error', patientId: p.id, err: (err as Error)?.message }),
      });
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          contentDisposition('attachment', `pacient-${p.id}-date-${clinicToday(now)}.zip`),
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/privacy/patients/:id/anonymise',
    {
      config: superadmin,
      schema: {
        tags,
        summary: `Replace the identity by a pseudonym and delete the documents (irreversible; body {confirmation}); 409 when already anonymised`,
        params: idParams,
        body: anonymiseSchema,
        response: replies({ 200: anonymisedReply }),
      },
    },
    async (req) => {
      const result = await service.anonymise(req.actor, { id: req.params.id, log: req.log });
      return { status: 1 as const, message: PRIVACY_MESSAGES.anonymised, result };
    },
  );

  app.post(
    '/privacy/patients/:id/consents/:consentId/withdraw',
    {
      schema: {
        tags,
        summary: 'Record that the patient withdrew a consent (the remote-consultation service)',
        params: z.object({ id: patientIdField, consentId: patientIdField }),
        response: replies({ 200: consentWithdrawnReply }),
      },
    },
    async (req) => {
      const { id, consentId } = req.params;
      const now = app.deps.clock.now();
      await service.withdrawConsent(req.actor, { patientId: id, consentId });
      return {
        status: 1 as const,
        message: PRIVACY_MESSAGES.consentWithdrawn,
        withdrawn_at: now.toISOString(),
      };
    },
  );

  app.get(
    '/privacy/consent-texts',
    {
      schema: {
        tags,
        summary: 'Every consent text version, newest (the one the public form shows) first',
        response: replies({ 200: consentTextsReply }),
      },
    },
    async () => {
      const rows = await repo.listConsentTexts(db());
      return {
        status: 1 as const,
        data: rows.map((r) => ({ version: r.version, text: r.text, created_at: iso(r.createdAt)! })),
      };
    },
  );

  app.post(
    '/privacy/consent-texts',
    {
      config: superadmin,
      schema: {
        tags,
        summary: 'A new consent text version; it becomes the current one (versions are never edited)',
        body: consentTextSchema,
        response: replies({ 201: consentTextCreatedReply }),
      },
    },
    async (req, reply) => {
      const { version } = req.body;
      await service.createConsentText(req.actor, { input: req.body });
      return reply
        .status(201)
        .send({ status: 1 as const, message: PRIVACY_MESSAGES.versionCreated, version });
    },
  );

  app.get(
    '/privacy/retention-due',
    {
      config: superadmin,
      schema: {
        tags,
        summary:
          'Patients whose last contact is older than RETENTION_YEARS: due for review (nothing is deleted automatically)',
        querystring: z.object(pageQuery),
        response: replies({ 200: retentionReply }),
      },
    },
    async (req) => {
      const { page, perPage } = req.query;
      const years = app.deps.config.RETENTION_YEARS;
      const cutoff = addYears(clinicToday(app.deps.clock.now()), -years);
      const { total, rows } = await repo.retentionDue(db(), cutoff, page, perPage);
      const data: RetentionItem[] = rows.map((r) => ({
        id: r.id,
        patient: r.name,
        cnp: maskCnp(r.cnp),
        last_contact: r.last_contact,
        anonymised_at: iso(r.anonymised_at),
      }));
      await audit(db(), req.actor, {
        action: 'privacy.retention.list',
        entityType: 'patient',
        details: { page, perPage, total },
      });
      return {
        status: 1 as const,
        retention_years: years,
        cutoff,
        _meta: { total, page, perPage, pageCount: pageCount(total, perPage) },
        data,
      };
    },
  );
};

export default routes;
