/**
 * A patient's consultations and their letters (SPEC §7), under /api/patients/{id}/...:
 *   PUT .../consultations/{entryId} { content } updates one entry (the spec names only its payload);
 *   POST .../consultation-letter saves a consultation's letter text;
 *   GET .../consultation-letter/{guid} answers a signed URL valid 5 minutes to
 *   GET .../consultation-letter/{guid}/pdf?exp=&sig= (public: the signature is the credential);
 *   .../state, POST .../{guid} (generate in the national model), .../sign, .../send.
 * The consultation form's save is PUT /api/patients, served by the patient record.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, replies, signedUrlReply } from '../../../domain/api';
import { CONSULTATION_TEXTS, entryUpdateSchema, letterSaveSchema } from '../../../domain/consultations';
import {
  LETTER_ACTION_TEXTS,
  letterActionReply,
  letterRequestSchema,
  letterSendSchema,
  letterStateReply,
} from '../../../domain/letter';
import { entryUpdatedReply, letterSavedReply, patientIdField } from '../../../domain/patients';
import { audit } from '../../platform/audit';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/http-headers';
import { renderConsultationLetter } from '../../platform/pdf';
import { pathOf, sessionOf, urlSigner } from '../../platform/signed-url';
import { createLettersService, letterPdf, letterState } from './letter/service';
import { TimestampError } from './letter/timestamp';
import { findGroup } from './repository';
import { createConsultationsService, letterData } from './service';

const LETTER_URL_TTL_SECONDS = 300;

const idParams = z.object({ id: patientIdField });
const letterParams = z.object({ id: patientIdField, guid: z.uuid() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const signer = urlSigner(app.deps);
  const service = createConsultationsService(app.deps);
  const letters = createLettersService(app.deps);
  const institute = () => ({
    name: app.deps.config.INSTITUTE_NAME,
    tagline: app.deps.config.INSTITUTE_TAGLINE,
  });

  app.put(
    '/patients/:id/consultations/:entryId',
    {
      schema: {
        tags: ['consultations'],
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
      const content = await service.updateEntry(req.actor, { patientId: id, entryId, raw: req.body.content });
      return { status: 1 as const, message: CONSULTATION_TEXTS.entrySaved, content };
    },
  );

  app.post(
    '/patients/:id/consultation-letter',
    {
      schema: {
        tags: ['consultations'],
        summary: 'Save the letter entry of a consultation group { guid, content }',
        params: idParams,
        body: letterSaveSchema,
        response: replies({ 200: letterSavedReply }),
      },
    },
    async (req) => {
      const id = await service.saveLetter(req.actor, {
        patientId: req.params.id,
        guid: req.body.guid,
        raw: req.body.content,
      });
      return { status: 1 as const, id, message: CONSULTATION_TEXTS.saved };
    },
  );

  app.get(
    '/patients/:id/consultation-letter/:guid',
    {
      schema: {
        tags: ['consultations'],
        summary: `A signed URL (valid ${LETTER_URL_TTL_SECONDS / 60} minutes) to the consultation letter PDF`,
        params: letterParams,
        response: replies({ 200: signedUrlReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      if (!(await findGroup(db, id, guid))) throw notFound(CONSULTATION_TEXTS.groupNotFound);
      await audit(db, req.actor, {
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
        tags: ['consultations'],
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
      const letter = await letterPdf(db, app.deps.config, id, guid, now);
      let pdf: Buffer;
      let filename: string;
      if (letter) {
        ({ pdf, filename } = letter);
      } else {
        const data = await letterData(db, institute(), id, guid, now);
        if (!data) throw notFound(CONSULTATION_TEXTS.groupNotFound);
        pdf = await renderConsultationLetter(data);
        filename = `scrisoare-medicala-${data.date.split('.').reverse().join('-')}.pdf`;
      }
      await app.loadSession(req, reply).catch(() => {}); // who opened it, when a session is there
      await audit(db, req.actor, {
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
        tags: ['consultations'],
        summary:
          "The consultation's letter in the national model (number, fields, signed, sent) and whether signing is available",
        params: letterParams,
        response: replies({ 200: letterStateReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const letter = await letterState(db, id, guid);
      await audit(db, req.actor, {
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
        tags: ['consultations'],
        summary:
          "Generate the letter in the national model: the form's fields (clinical exam, results, treatment, ICD-10 diagnoses, the four mandatory choices, follow-up, transmission) plus the consultation's sections; an unsigned letter keeps its register number",
        params: letterParams,
        body: letterRequestSchema,
        response: replies({ 200: letterActionReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const letter = await letters.generateLetter(req.actor, { patientId: id, guid, input: req.body });
      return { status: 1 as const, message: LETTER_ACTION_TEXTS.generated, letter };
    },
  );

  app.post(
    '/patients/:id/consultation-letter/:guid/sign',
    {
      schema: {
        tags: ['consultations'],
        summary:
          "A doctor signs the newest letter: sealed with the institute's certificate (PAdES B-B, B-T with an RFC 3161 time-stamp when LETTER_TSA_URL is set); locks the consultation and files the signed PDF as a patient document. 409 without a configured certificate, or when the time-stamping service fails (nothing is signed then)",
        params: letterParams,
        response: replies({ 200: letterActionReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      try {
        const letter = await letters.signLetter(req.actor, { patientId: id, guid });
        return { status: 1 as const, message: LETTER_ACTION_TEXTS.signed, letter };
      } catch (err) {
        if (!(err instanceof TimestampError)) throw err;
        // For the operator: what the service did (its reply, never patient data).
        req.log.warn({ reason: err.message }, 'letter not signed: the time-stamp failed');
        throw conflict(LETTER_ACTION_TEXTS.timestampFailed);
      }
    },
  );

  app.post(
    '/patients/:id/consultation-letter/:guid/send',
    {
      schema: {
        tags: ['consultations'],
        summary:
          'E-mail the signed letter to the family doctor (through the outbox) and mark its document sent; 400 for an unsigned letter or without a GP e-mail; 409 for a letter already sent unless `again`',
        params: letterParams,
        // Without a body as before: a first send.
        body: letterSendSchema.nullish(),
        response: replies({ 200: letterActionReply }),
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const letter = await letters.sendLetter(req.actor, { patientId: id, guid, again: req.body?.again });
      return { status: 1 as const, message: CONSULTATION_TEXTS.letterSent, letter };
    },
  );
};

export default routes;
