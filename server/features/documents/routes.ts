/**
 * /api/documents (SPEC §7): list, patients for the upload modal, upload, status change, delete,
 * and opening a file through a short-lived signed URL (DESIGN §6 "Documents"):
 *   GET /api/documents/{id}/url answers `{ url }`, valid 5 minutes, to
 *   GET /api/documents/{id}/file?exp=&sig= (public: the signature is the credential).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, messageReply, pageCount, replies, signedUrlReply } from '../../../domain/api';
import {
  DOCUMENT_MEDIA_TYPES,
  DOCUMENT_MESSAGES,
  documentListQuery,
  documentListReply,
  documentPatientsQuery,
  documentPatientsReply,
  documentUpdateBody,
  documentUploadedReply,
} from '../../../domain/documents';
import { audit } from '../../platform/audit';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { idParams } from '../../platform/http/params';
import { contentDisposition } from '../../platform/http-headers';
import { pathOf, sessionOf, urlSigner } from '../../platform/signed-url';
import { StorageNotFoundError } from '../../platform/storage';
import { isPatientsAppointment } from '../appointments';
import { pickerSearch } from '../patients';
import { dispositionKind } from './files';
import * as repo from './repository';
import { handleUpload } from './upload';

const URL_TTL_SECONDS = 300;

const routes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const db = () => app.deps.db;
  const { storage } = app.deps;
  const signer = urlSigner(app.deps);

  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    throwFileSizeLimit: true,
  });

  const loadDocument = async (id: number) => {
    const doc = await repo.findDocument(db(), id);
    if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
    return doc;
  };

  app.get(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Documents, newest first; filters: created_at (YYYY-MM-DD), status, patient_id, cnp',
        querystring: documentListQuery,
        response: replies({ 200: documentListReply }),
      },
    },
    async (req) => {
      const { filters, page, perPage } = req.query;
      const { total, documents: list } = await repo.listDocuments(db(), filters, page, perPage);
      await audit(db(), req.actor, {
        action: 'document.list',
        entityType: 'document',
        patientId: filters.patient_id ?? null,
        details: { filters: Object.keys(filters), page, perPage },
      });
      return {
        status: 1 as const,
        documents: list,
        _meta: { total, page, perPage, pageCount: pageCount(total, perPage) },
      };
    },
  );

  app.get(
    '/documents/patients',
    {
      schema: {
        tags: ['documents'],
        summary: 'Patients to choose in the upload modal (filters: name; at most 50)',
        querystring: documentPatientsQuery,
        response: replies({ 200: documentPatientsReply }),
      },
    },
    async (req) => ({ status: 1 as const, data: await pickerSearch(db(), req.query.filters.name, 50) }),
  );

  app.post(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload a document (multipart: title, patient_id, appointment_id?, then document)',
        consumes: ['multipart/form-data'],
        response: replies({ 200: documentUploadedReply }),
      },
    },
    async (req, reply) => {
      try {
        const { id } = await handleUpload(req, { db: db(), storage, maxBytes: config.UPLOAD_MAX_BYTES });
        return { status: 1 as const, id, message: DOCUMENT_MESSAGES.uploaded };
      } catch (err) {
        // The rest of an oversized body is not worth reading: close the connection after answering.
        if ((err as { statusCode?: number }).statusCode === 413) reply.header('connection', 'close');
        throw err;
      }
    },
  );

  app.put(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Change the status (tosend/sent) and optionally the linked appointment',
        params: idParams,
        body: documentUpdateBody,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      const { id } = req.params;
      const { document_id, status, appointment_id } = req.body;
      if (document_id !== undefined && document_id !== id) throw badRequest();
      const doc = await loadDocument(id);
      if (appointment_id && !(await isPatientsAppointment(db(), appointment_id, doc.patientId))) {
        throw badRequest(DOCUMENT_MESSAGES.notFound, { appointment_id: DOCUMENT_MESSAGES.notFound });
      }
      await db().transaction(async (tx) => {
        await repo.updateDocument(tx, id, {
          status,
          ...(appointment_id !== undefined ? { appointmentId: appointment_id } : {}),
        });
        await audit(tx, req.actor, {
          action: 'document.status',
          entityType: 'document',
          entityId: id,
          patientId: doc.patientId,
          details: { from: doc.status, to: status },
        });
      });
      return { status: 1 as const, message: DOCUMENT_MESSAGES.statusChanged };
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Delete a document and its stored file',
        params: idParams,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      const doc = await loadDocument(req.params.id);
      await db().transaction(async (tx) => {
        await repo.deleteDocumentRow(tx, doc.id);
        await audit(tx, req.actor, {
          action: 'document.delete',
          entityType: 'document',
          entityId: doc.id,
          patientId: doc.patientId,
          details: { ext: doc.ext, size: doc.size },
        });
      });
      // After the commit: a failure here leaves an unreferenced file (logged), never a row
      // pointing at nothing.
      await storage.delete(doc.storageKey).catch((err) => {
        req.log.error({ err: { type: (err as Error).name }, key: doc.storageKey }, 'stored file not deleted');
      });
      return { status: 1 as const, message: DOCUMENT_MESSAGES.deleted };
    },
  );

  app.get(
    '/documents/:id/url',
    {
      schema: {
        tags: ['documents'],
        summary: 'A signed URL (5 minutes) that opens the file',
        params: idParams,
        response: replies({ 200: signedUrlReply }),
      },
    },
    async (req) => {
      const doc = await loadDocument(req.params.id);
      await audit(db(), req.actor, {
        action: 'document.open',
        entityType: 'document',
        entityId: doc.id,
        patientId: doc.patientId,
      });
      return {
        status: 1 as const,
        url: signer.signPath(`/api/documents/${doc.id}/file`, URL_TTL_SECONDS, sessionOf(req)),
      };
    },
  );

  app.get(
    '/documents/:id/file',
    {
      config: { public: true },
      schema: {
        tags: ['documents'],
        summary: 'The stored file, for a URL signed by /documents/{id}/url',
        params: idParams,
        querystring: z.object({
          exp: z.string().max(20).optional(),
          sid: z.string().max(100).optional(),
          sig: z.string().max(100).optional(),
        }),
        response: replies({ 200: fileReply(...DOCUMENT_MEDIA_TYPES) }),
      },
    },
    async (req, reply) => {
      if (!(await signer.verifySignedRequest(pathOf(req.url), req.query))) {
        throw new HttpError(403, DOCUMENT_MESSAGES.linkInvalid);
      }
      const doc = await loadDocument(req.params.id);
      let body: Awaited<ReturnType<typeof storage.get>>;
      try {
        body = await storage.get(doc.storageKey);
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw notFound(DOCUMENT_MESSAGES.notFound);
        throw err;
      }
      return reply
        .header('content-type', doc.mime)
        .header('content-length', String(doc.size))
        .header('content-disposition', contentDisposition(dispositionKind(doc.ext), doc.filename))
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        )
        .header('cache-control', 'private, no-store')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(body);
    },
  );
};

export default routes;
