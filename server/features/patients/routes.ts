/**
 * /api/patients: the list, the record, its consultations and consultation letters (SPEC §7).
 * Consultation entry update path (the spec names only its payload):
 *   PUT /api/patients/{id}/consultations/{entryId} { content }.
 * Letters: GET .../consultation-letter/{guid} answers a signed URL valid 5 minutes to
 *   GET .../consultation-letter/{guid}/pdf?exp=&sig= (public: the signature is the credential).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, jsonQuery, pageCount, pageQuery, replies, signedUrlReply } from '../../../domain/api';
import {
  CONSULTATION_KEYS,
  CONSULTATION_TEXTS,
  consultationUpdateSchema,
  entryUpdateSchema,
  letterSaveSchema,
  patientUpdateBody,
} from '../../../domain/consultations';
import {
  LETTER_ACTION_TEXTS,
  letterActionReply,
  letterRequestSchema,
  letterStateReply,
} from '../../../domain/letter';
import {
  editPatientSchema,
  entryUpdatedReply,
  letterSavedReply,
  newPatientSchema,
  PATIENT_TEXTS,
  patientCreatedReply,
  patientFiltersSchema,
  patientIdField,
  patientListReply,
  patientReply,
  patientUpdateReply,
} from '../../../domain/patients';
import { audit } from '../../platform/audit';
import { badRequest, HttpError, notFound, parseOr400 } from '../../platform/errors';
import { contentDisposition } from '../../platform/http-headers';
import { renderConsultationLetter } from '../../platform/pdf';
import { pathOf, sessionOf, urlSigner } from '../../platform/signed-url';
import { getStorage } from '../../platform/storage';
import * as letters from './letter-service';
import { listPatients } from './list-repository';
import * as repo from './repository';
import * as service from './service';

const LETTER_URL_TTL_SECONDS = 300;

const idParams = z.object({ id: patientIdField });
const letterParams = z.object({ id: patientIdField, guid: z.uuid() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const signer = urlSigner(app.deps);
  const storage = getStorage(app.deps.config);
  const institute = () => ({
    name: app.deps.config.INSTITUTE_NAME,
    tagline: app.deps.config.INSTITUTE_TAGLINE,
  });

  app.get(
    '/patients',
    {
      schema: {
        tags: ['patients'],
        summary:
          "Patient list with each patient's latest appointment; filters: name, doctor, appointment_date, status, cnp, phone",
        querystring: z.object({ filters: jsonQuery(patientFiltersSchema), ...pageQuery }),
        response: replies({ 200: patientListReply }),
      },
    },
    async (req) => {
      const { filters, page, perPage } = req.query;
      const { total, patients } = await listPatients(db(), filters, page, perPage);
      await audit(db(), req.actor, {
        action: 'patient.list',
        entityType: 'patient',
        details: { filters: Object.keys(filters), page, perPage },
      });
      return {
        status: 1 as const,
        _meta: { total, page, perPage, pageCount: pageCount(total, perPage) },
        patients,
      };
    },
  );

  app.get(
    '/patients/:id',
    {
      schema: {
        tags: ['patients'],
        summary: 'One patient with documents, consultations and appointments',
        params: idParams,
        response: replies({ 200: patientReply }),
      },
    },
    async (req) => {
      const patient = await service.patientDetail(db(), req.params.id);
      if (!patient) throw notFound(PATIENT_TEXTS.notFound);
      await audit(db(), req.actor, {
        action: 'patient.read',
        entityType: 'patient',
        entityId: patient.id,
        patientId: patient.id,
      });
      return { status: 1 as const, patient };
    },
  );

  app.post(
    '/patients',
    {
      schema: {
        tags: ['patients'],
        summary: 'Create a patient (SPEC §5 new-patient rules; 409 on a known CNP)',
        body: newPatientSchema,
        response: replies({ 201: patientCreatedReply }),
      },
    },
    async (req, reply) => {
      const id = await service.createPatient(db(), req.actor, req.body);
      return reply
        .status(201)
        .send({ status: 1 as const, id, patient_id: id, message: PATIENT_TEXTS.created });
    },
  );

  app.put(
    '/patients',
    {
      schema: {
        tags: ['patients'],
        summary:
          'Update a patient: a profile update (SPEC §5 edit rules) or, when consultationTitle or a section is sent, a consultation save (reason, personalPriors, familyPriors, treatment, diagnosis, recs)',
        body: patientUpdateBody,
        response: replies({ 200: patientUpdateReply }),
      },
    },
    async (req) => {
      const body = req.body as Record<string, unknown>;
      const now = app.deps.clock.now();
      if (CONSULTATION_KEYS.some((k) => k in body)) {
        const input = parseOr400(consultationUpdateSchema, body);
        const consultation = await service.saveConsultation(db(), req.actor, input, now);
        return { status: 1 as const, message: CONSULTATION_TEXTS.saved, consultation };
      }
      const input = parseOr400(editPatientSchema, body);
      await service.updatePatient(db(), req.actor, req.body.patientId, input, now);
      return { status: 1 as const, message: PATIENT_TEXTS.updated };
    },
  );

  app.put(
    '/patients/:id/consultations/:entryId',
    {
      schema: {
        tags: ['patients'],
        summary: 'Consultation entry update (SPEC §7: id, patientId, content); the content is sanitised',
        params: z.object({ id: patientIdField, entryId: patientIdField }),
        body: entryUpdateSchema,
        response: replies({ 200: entryUpdatedReply }),
      },
    },
    async (req) => {
      const { id, entryId } = req.params;
      if ((req.body.id && req.body.id !== entryId) || (req.body.patientId && req.body.patientId !== id))
        throw badRequest(CONSULTATION_TEXTS.entryNotFound);
      const content = await service.updateEntry(
        db(),
        req.actor,
        id,
        entryId,
        req.body.content,
        app.deps.clock.now(),
      );
      return { status: 1 as const, message: CONSULTATION_TEXTS.entrySaved, content };
    },
  );

  app.post(
    '/patients/:id/consultation-letter',
    {
      schema: {
        tags: ['patients'],
        summary: 'Save the letter entry of a consultation group { guid, content }',
        params: idParams,
        body: letterSaveSchema,
        response: replies({ 200: letterSavedReply }),
      },
    },
    async (req) => {
      const id = await service.saveLetter(
        db(),
        req.actor,
        req.params.id,
        req.body.guid,
        req.body.content,
        app.deps.clock.now(),
      );
      return { status: 1 as const, id, message: CONSULTATION_TEXTS.saved };
    },
  );

  app.get(
    '/patients/:id/consultation-letter/:guid',
    {
      schema: {
        tags: ['patients'],
        summary: `A signed URL (valid ${LETTER_URL_TTL_SECONDS / 60} minutes) to the consultation letter PDF`,
        params: letterParams,
        response: replies({ 200: signedUrlReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      if (!(await repo.findGroup(db(), id, guid))) throw notFound(CONSULTATION_TEXTS.groupNotFound);
      await audit(db(), req.actor, {
        action: 'consultation.letter.link',
        entityType: 'consultation',
        entityId: guid,
        patientId: id,
      });
      const url = signer.signPath(
        `/api/patients/${id}/consultation-letter/${guid}/pdf`,
        LETTER_URL_TTL_SECONDS,
        sessionOf(req),
      );
      return { status: 1 as const, url };
    },
  );

  app.get(
    '/patients/:id/consultation-letter/:guid/pdf',
    {
      config: { public: true },
      schema: {
        tags: ['patients'],
        summary: 'The consultation letter PDF; public, authorised by the signature of the URL',
        // Loose on purpose: the signature is checked first, so a bad link always answers 403.
        params: z.object({ id: z.string().max(20), guid: z.string().max(64) }),
        querystring: z.object({
          exp: z.string().max(20).optional(),
          sid: z.string().max(100).optional(),
          sig: z.string().max(100).optional(),
        }),
        response: replies({ 200: fileReply('application/pdf') }),
      },
    },
    async (req, reply) => {
      if (!(await signer.verifySignedRequest(pathOf(req.url), req.query)))
        throw new HttpError(403, CONSULTATION_TEXTS.linkInvalid);
      const params = letterParams.safeParse(req.params);
      if (!params.success) throw notFound(CONSULTATION_TEXTS.groupNotFound);
      const { id, guid } = params.data;
      const now = app.deps.clock.now();
      // The national model's letter when one was generated (signed bytes once signed), else the
      // free-form letter of the consultation's sections.
      const letter = await letters.letterPdf(db(), app.deps.config, id, guid, now);
      let pdf: Buffer;
      let filename: string;
      if (letter) {
        ({ pdf, filename } = letter);
      } else {
        const data = await service.letterData(db(), institute(), id, guid, now);
        if (!data) throw notFound(CONSULTATION_TEXTS.groupNotFound);
        pdf = await renderConsultationLetter(data);
        filename = `scrisoare-medicala-${data.date.split('.').reverse().join('-')}.pdf`;
      }
      await app.loadSession(req, reply).catch(() => {}); // who opened it, when a session is there
      await audit(db(), req.actor, {
        action: 'consultation.letter.read',
        entityType: 'consultation',
        entityId: guid,
        patientId: id,
        ...(letter ? { details: { letterId: letter.letterId, signed: letter.signed } } : {}),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  app.get(
    '/patients/:id/consultation-letter/:guid/state',
    {
      schema: {
        tags: ['patients'],
        summary:
          "The consultation's letter in the national model (number, fields, signed, sent) and whether signing is available",
        params: letterParams,
        response: replies({ 200: letterStateReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const letter = await letters.letterState(db(), id, guid);
      await audit(db(), req.actor, {
        action: 'consultation.letter.state',
        entityType: 'consultation',
        entityId: guid,
        patientId: id,
      });
      return { status: 1 as const, signingAvailable: !!app.deps.config.letterSigning, letter };
    },
  );

  app.post(
    '/patients/:id/consultation-letter/:guid',
    {
      schema: {
        tags: ['patients'],
        summary:
          "Generate the letter in the national model: the form's fields (clinical exam, results, treatment, ICD-10 diagnoses, the four mandatory choices, follow-up, transmission) plus the consultation's sections; an unsigned letter keeps its register number",
        params: letterParams,
        body: letterRequestSchema,
        response: replies({ 200: letterActionReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const letter = await letters.generateLetter(db(), req.actor, id, guid, req.body, app.deps.clock.now());
      return { status: 1 as const, message: LETTER_ACTION_TEXTS.generated, letter };
    },
  );

  app.post(
    '/patients/:id/consultation-letter/:guid/sign',
    {
      schema: {
        tags: ['patients'],
        summary:
          "A doctor signs the newest letter with the institute's certificate (PAdES); locks the consultation and files the signed PDF as a patient document. 409 without a configured certificate",
        params: letterParams,
        response: replies({ 200: letterActionReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const letter = await letters.signLetter(
        db(),
        req.actor,
        { config: app.deps.config, storage },
        id,
        guid,
        app.deps.clock.now(),
      );
      return { status: 1 as const, message: LETTER_ACTION_TEXTS.signed, letter };
    },
  );

  app.post(
    '/patients/:id/consultation-letter/:guid/send',
    {
      schema: {
        tags: ['patients'],
        summary:
          'E-mail the signed letter to the family doctor (through the outbox) and mark its document sent; 400 for an unsigned letter or without a GP e-mail',
        params: letterParams,
        response: replies({ 200: letterActionReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const letter = await letters.sendLetter(
        db(),
        req.actor,
        app.deps.config,
        id,
        guid,
        app.deps.clock.now(),
      );
      return { status: 1 as const, message: CONSULTATION_TEXTS.letterSent, letter };
    },
  );
};

export default routes;
