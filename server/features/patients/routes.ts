/**
 * /api/patients: the list, the record, its consultations and consultation letters (SPEC §7).
 * Consultation entry update path (the spec names only its payload):
 *   PUT /api/patients/{id}/consultations/{entryId} { content }.
 * Letters: GET .../consultation-letter/{guid} answers a signed URL valid 5 minutes to
 *   GET .../consultation-letter/{guid}/pdf?exp=&sig= (public: the signature is the credential).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonQuery, pageCount, pageQuery } from '../../../domain/api';
import {
  CONSULTATION_KEYS,
  CONSULTATION_TEXTS,
  consultationUpdateSchema,
  entryUpdateSchema,
  letterSaveSchema,
  patientUpdateBody,
} from '../../../domain/consultations';
import {
  editPatientSchema,
  newPatientSchema,
  PATIENT_TEXTS,
  patientFiltersSchema,
  patientIdField,
} from '../../../domain/patients';
import { audit } from '../../platform/audit';
import { badRequest, HttpError, notFound, parseOr400 } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { renderConsultationLetter } from '../../platform/pdf';
import { pathOf, sessionOf, urlSigner } from '../../platform/signed-url';
import * as repo from './repository';
import * as service from './service';

const LETTER_URL_TTL_SECONDS = 300;

const idParams = z.object({ id: patientIdField });
const letterParams = z.object({ id: patientIdField, guid: z.uuid() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const signer = urlSigner(app.deps);
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
      },
    },
    async (req) => {
      const { filters, page, perPage } = req.query;
      const { total, patients } = await repo.listPatients(db(), filters, page, perPage);
      await audit(db(), req.actor, {
        action: 'patient.list',
        entityType: 'patient',
        details: { filters: Object.keys(filters), page, perPage },
      });
      return { status: 1, _meta: { total, page, perPage, pageCount: pageCount(total, perPage) }, patients };
    },
  );

  app.get(
    '/patients/:id',
    {
      schema: {
        tags: ['patients'],
        summary: 'One patient with documents, consultations and appointments',
        params: idParams,
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
      return { status: 1, patient };
    },
  );

  app.post(
    '/patients',
    {
      schema: {
        tags: ['patients'],
        summary: 'Create a patient (SPEC §5 new-patient rules; 409 on a known CNP)',
        body: newPatientSchema,
      },
    },
    async (req, reply) => {
      const id = await service.createPatient(db(), req.actor, req.body);
      return reply.status(201).send({ status: 1, id, patient_id: id, message: PATIENT_TEXTS.created });
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
      },
    },
    async (req) => {
      const body = req.body as Record<string, unknown>;
      const now = app.deps.clock.now();
      if (CONSULTATION_KEYS.some((k) => k in body)) {
        const input = parseOr400(consultationUpdateSchema, body);
        const consultation = await service.saveConsultation(db(), req.actor, input, now);
        return { status: 1, message: CONSULTATION_TEXTS.saved, consultation };
      }
      const input = parseOr400(editPatientSchema, body);
      await service.updatePatient(db(), req.actor, req.body.patientId, input, now);
      return { status: 1, message: PATIENT_TEXTS.updated };
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
      return { status: 1, message: CONSULTATION_TEXTS.entrySaved, content };
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
      return { status: 1, id, message: CONSULTATION_TEXTS.saved };
    },
  );

  app.get(
    '/patients/:id/consultation-letter/:guid',
    {
      schema: {
        tags: ['patients'],
        summary: `A signed URL (valid ${LETTER_URL_TTL_SECONDS / 60} minutes) to the consultation letter PDF`,
        params: letterParams,
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
      return { status: 1, url };
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
      },
    },
    async (req, reply) => {
      if (!(await signer.verifySignedRequest(pathOf(req.url), req.query)))
        throw new HttpError(403, CONSULTATION_TEXTS.linkInvalid);
      const params = letterParams.safeParse(req.params);
      if (!params.success) throw notFound(CONSULTATION_TEXTS.groupNotFound);
      const { id, guid } = params.data;
      const data = await service.letterData(db(), institute(), id, guid, app.deps.clock.now());
      if (!data) throw notFound(CONSULTATION_TEXTS.groupNotFound);
      const pdf = await renderConsultationLetter(data);
      await app.loadSession(req, reply).catch(() => {}); // who opened it, when a session is there
      await audit(db(), req.actor, {
        action: 'consultation.letter.read',
        entityType: 'consultation',
        entityId: guid,
        patientId: id,
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="scrisoare-medicala-${data.date.split('.').reverse().join('-')}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  app.post(
    '/patients/:id/consultation-letter/:guid/send',
    {
      schema: {
        tags: ['patients'],
        summary:
          'E-mail the consultation letter PDF to the family doctor (through the outbox); 400 without a GP e-mail',
        params: letterParams,
      },
    },
    async (req) => {
      const { id, guid } = req.params;
      const patient = await repo.findPatient(db(), id);
      if (!patient) throw notFound(PATIENT_TEXTS.notFound);
      const data = await service.letterData(db(), institute(), id, guid, app.deps.clock.now());
      if (!data) throw notFound(CONSULTATION_TEXTS.groupNotFound);
      if (!patient.gpEmail) throw badRequest(CONSULTATION_TEXTS.noGpEmail);
      const pdf = await renderConsultationLetter(data);
      const isoDay = data.date.split('.').reverse().join('-');
      await db().transaction(async (tx) => {
        const mailId = await enqueueMail(tx, {
          to: patient.gpEmail!,
          subject: `Scrisoare medicală - ${patient.name} - ${data.date}`,
          text: [
            patient.gpName ? `Stimate/Stimată Dr. ${patient.gpName},` : 'Stimate coleg,',
            '',
            `Vă transmitem atașat scrisoarea medicală a pacientului ${patient.name}, în urma consultației din ${data.date} (${data.title}).`,
            '',
            'Cu stimă,',
            app.deps.config.INSTITUTE_NAME,
          ].join('\n'),
          attachments: [
            {
              filename: `scrisoare-medicala-${isoDay}.pdf`,
              contentType: 'application/pdf',
              contentBase64: pdf.toString('base64'),
            },
          ],
        });
        await audit(tx, req.actor, {
          action: 'consultation.letter.send',
          entityType: 'consultation',
          entityId: guid,
          patientId: id,
          details: { outboxId: mailId },
        });
      });
      return { status: 1, message: CONSULTATION_TEXTS.letterSent };
    },
  );
};

export default routes;
