/**
 * The remote consultation of an appointment and the consultation register (issue 48):
 *   GET  /appointment/{id}/consultation        its state and the links to the patient's phone;
 *   POST /appointment/{id}/consultation/start  channel, consent, identity check (409 for a second);
 *   POST /appointment/{id}/consultation/end    the outcome;
 *   POST /appointment/{id}/consultation/resume after a failed or interrupted connection;
 *   GET  /consultation-register?month=YYYY-MM&doctor_id=&calendar_id= and .csv.
 * Staff routes: every account is a doctor or an admin (domain/auth.ts ROLES).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, replies } from '../../../../domain/api';
import {
  consultationActionReply,
  consultationEndSchema,
  consultationResumeSchema,
  consultationStartSchema,
  consultationStateReply,
  REMOTE_TEXTS,
  registerQuerySchema,
  registerReply,
} from '../../../../domain/remote-consultation';
import { audit } from '../../../platform/audit';
import { contentDisposition } from '../../../platform/http-headers';
import { registerCsv, registerEntries } from './register';
import { createRemoteConsultationService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['remote-consultation'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = createRemoteConsultationService(app.deps);

  app.get(
    '/appointment/:id/consultation',
    {
      schema: {
        tags,
        summary: "The appointment's remote consultation (null before a start) and the wa.me / tel: links",
        params: idParams,
        response: replies({ 200: consultationStateReply }),
      },
    },
    async (req) => ({ status: 1 as const, data: await service.state(req.actor, req.params.id) }),
  );

  app.post(
    '/appointment/:id/consultation/start',
    {
      schema: {
        tags,
        summary:
          'Starts the remote consultation (server clock): channel, consent (a refusal is recorded and ends it), identity check; 409 when already started',
        params: idParams,
        body: consultationStartSchema,
        response: replies({ 200: consultationActionReply }),
      },
    },
    async (req) => {
      const data = await service.start(req.actor, req.params.id, req.body);
      return {
        status: 1 as const,
        message: data.consent === 'refused' ? REMOTE_TEXTS.refused : REMOTE_TEXTS.started,
        data,
      };
    },
  );

  app.post(
    '/appointment/:id/consultation/end',
    {
      schema: {
        tags,
        summary:
          'Ends the open interval with an outcome: completed (Efectuată, register number), no_answer (Neprezentat), connection_failed (may resume), in_person_needed',
        params: idParams,
        body: consultationEndSchema,
        response: replies({ 200: consultationActionReply }),
      },
    },
    async (req) => ({
      status: 1 as const,
      message: REMOTE_TEXTS.ended,
      data: await service.end(req.actor, req.params.id, req.body),
    }),
  );

  app.post(
    '/appointment/:id/consultation/resume',
    {
      schema: {
        tags,
        summary: 'Resumes an interrupted remote consultation: a new interval from now',
        params: idParams,
        body: consultationResumeSchema.optional(),
        response: replies({ 200: consultationActionReply }),
      },
    },
    async (req) => ({
      status: 1 as const,
      message: REMOTE_TEXTS.resumed,
      data: await service.resume(req.actor, req.params.id),
    }),
  );

  app.get(
    '/consultation-register',
    {
      schema: {
        tags,
        summary: "The month's consultation register (remote consultations numbered), by doctor and calendar",
        querystring: registerQuerySchema,
        response: replies({ 200: registerReply }),
      },
    },
    async (req) => {
      const data = await registerEntries(db, req.query);
      await audit(db, req.actor, {
        action: 'consultation.register.read',
        entityType: 'consultation-register',
        entityId: req.query.month,
        details: { count: data.length },
      });
      return { status: 1 as const, data };
    },
  );

  app.get(
    '/consultation-register.csv',
    {
      schema: {
        tags,
        summary: 'The register as CSV for Excel (UTF-8 with BOM, `;` separator)',
        querystring: registerQuerySchema,
        response: replies({ 200: fileReply('text/csv') }),
      },
    },
    async (req, reply) => {
      const data = await registerEntries(db, req.query);
      await audit(db, req.actor, {
        action: 'consultation.register.export',
        entityType: 'consultation-register',
        entityId: req.query.month,
        details: { count: data.length },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `registru-consultatii-${req.query.month}.csv`),
        )
        .header('cache-control', 'private, no-store')
        .send(registerCsv(data));
    },
  );
};

export default routes;
