/**
 * /api/self-service/{token}: the patient's page without an account (issue 15). Public, throttled
 * per client address; a wrong, revoked or expired token is 404 with a Romanian message; the
 * token is never logged (the log shows the route's pattern).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import {
  rescheduleRequestSchema,
  SELF_SERVICE_MESSAGES,
  selfServiceActionReply,
  selfServiceParams,
  selfServiceReply,
} from '../../../domain/self-service';
import { WAITLIST_MESSAGES } from '../../../domain/waitlist';
import type { Actor } from '../../platform/actor';
import { audit, auditOncePerDay } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import {
  createAppointmentsService,
  type PatientFacingAppointment,
  patientFacingAppointment,
} from '../appointments';
import { createWaitlistService, offerOfToken, offerStateNow, openOffer } from '../waitlist';
import { selfServiceUrl } from './links';
import { auditView, linkNotFound, openToken, patientView } from './service';

const APPOINTMENT_NOT_FOUND = APPOINTMENT_MESSAGES.notFound;

/** Per client address: enough for a family sharing a connection, too few to guess tokens. */
export const SELF_SERVICE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const { config } = app.deps;
  const now = () => app.deps.clock.now();
  const tags = ['self-service'];
  const common = { public: true, rateLimit: SELF_SERVICE_RATE_LIMIT };
  const NOT_FOUND = linkNotFound(config.INSTITUTE_PHONE);
  const view = (a: PatientFacingAppointment) => ({
    status: 1 as const,
    appointment: patientView(a, now(), config.SELF_SERVICE_CANCEL_HOURS),
    phone: config.INSTITUTE_PHONE,
    calling_number: a.remote ? config.callingNumber : null,
  });
  const appointments = createAppointmentsService(app.deps);
  const waitlist = createWaitlistService(app.deps);

  /** The slot a waitlist link offers: when, where, until when, and whether it is still open. */
  const offerReply = async (offerId: number) => {
    const v = await openOffer(db, offerId, now(), NOT_FOUND);
    return {
      status: 1 as const,
      offer: {
        date: v.offer.date,
        time: v.offer.time.slice(0, 5),
        calendar: v.calendar,
        expires_at: v.offer.expiresAt.toISOString(),
        state: await offerStateNow(db, v.offer, now()),
      },
      phone: config.INSTITUTE_PHONE,
      calling_number: null,
    };
  };

  /** accept / decline: 404 for anything but an offer's link, 409 with the reason when it is closed. */
  const answerOffer = async (
    token: string,
    actor: Actor,
    answer: 'acceptOffer' | 'declineOffer',
    message: string,
  ) => {
    const offerId = await offerOfToken(db, token);
    if (offerId === null) throw notFound(NOT_FOUND);
    await openOffer(db, offerId, now(), NOT_FOUND);
    const done = await waitlist[answer](actor, { offerId });
    if (!done.ok) throw conflict(done.message);
    return { ...(await offerReply(offerId)), message };
  };

  /** The page after an action: the appointment as it is now, and what happened. */
  const after = async (token: string, message: string) => ({
    ...view(await openToken(db, token, now(), config.INSTITUTE_PHONE)),
    message,
  });

  /** A patient's action through the link: public, throttled, answered with the page after it. */
  const patientAction = (
    action: string,
    summary: string,
    handler: (req: {
      params: { token: string };
      actor: Actor;
    }) => Promise<z.output<typeof selfServiceActionReply>>,
  ) =>
    app.post(
      `/self-service/:token/${action}`,
      {
        config: common,
        schema: { tags, summary, params: selfServiceParams, response: { 200: selfServiceActionReply } },
      },
      handler,
    );

  app.get(
    '/self-service/:token',
    {
      config: common,
      schema: {
        tags,
        summary: 'The appointment a self-service link opens: date, time, place, doctor, status',
        params: selfServiceParams,
        response: { 200: selfServiceReply },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const offerId = await offerOfToken(db, req.params.token);
      if (offerId !== null) {
        const answer = await offerReply(offerId);
        const v = await openOffer(db, offerId, now(), NOT_FOUND);
        await auditOncePerDay(db, req.actor, {
          action: 'waitlist.offer-view',
          entityType: 'waitlist',
          entityId: v.offer.entryId,
          patientId: v.patientId,
        });
        return answer;
      }
      const a = await openToken(db, req.params.token, now(), config.INSTITUTE_PHONE);
      await auditView(db, req.actor, a);
      return view(a);
    },
  );

  patientAction('confirm', 'The patient confirms they will come', async (req) => {
    const a = await openToken(db, req.params.token, now(), config.INSTITUTE_PHONE);
    await appointments.confirmAttendanceByPatient(req.actor, { appointmentId: a.id });
    return after(
      req.params.token,
      a.remote ? SELF_SERVICE_MESSAGES.confirmedRemote : SELF_SERVICE_MESSAGES.confirmed,
    );
  });

  patientAction(
    'cancel',
    'The patient cancels (until SELF_SERVICE_CANCEL_HOURS before); the slot is free at once',
    async (req) => {
      const a = await openToken(db, req.params.token, now(), config.INSTITUTE_PHONE);
      await appointments.cancelByPatient(req.actor, { appointmentId: a.id });
      return after(req.params.token, SELF_SERVICE_MESSAGES.cancelled);
    },
  );

  patientAction(
    'accept',
    'The patient takes the slot a waitlist link offers; 409 when it was taken or expired',
    async (req) => answerOffer(req.params.token, req.actor, 'acceptOffer', WAITLIST_MESSAGES.offerAccepted),
  );

  patientAction(
    'decline',
    'The patient does not want the offered slot; it goes to the next patient on the waitlist',
    async (req) => answerOffer(req.params.token, req.actor, 'declineOffer', WAITLIST_MESSAGES.offerDeclined),
  );

  app.post(
    '/self-service/:token/reschedule-request',
    {
      config: common,
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'The patient asks for another date, with a note staff see',
        params: selfServiceParams,
        body: rescheduleRequestSchema,
        response: { 200: selfServiceActionReply },
      },
    },
    async (req) => {
      const a = await openToken(db, req.params.token, now(), config.INSTITUTE_PHONE);
      await appointments.requestRescheduleByPatient(req.actor, { appointmentId: a.id, note: req.body.note });
      return after(req.params.token, SELF_SERVICE_MESSAGES.rescheduleSent);
    },
  );
};

/** Staff copy the patient's link (to send it by a messaging app, as the spec's page promises). */
export const staffLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const { config } = app.deps;
  app.get(
    '/self-service/link/:appointmentId',
    {
      schema: {
        tags: ['self-service'],
        summary: "The patient's self-service link of an appointment (staff), to send by a messaging app",
        params: z.object({ appointmentId: z.coerce.number().int().positive() }),
        response: { 200: z.object({ status: z.literal(1), url: z.string() }) },
      },
    },
    async (req) => {
      const a = await patientFacingAppointment(db, req.params.appointmentId);
      if (!a) throw notFound(APPOINTMENT_NOT_FOUND);
      const url = await selfServiceUrl(db, { secret: config.authSecret, publicUrl: config.publicUrl }, a.id);
      if (!url) throw notFound(APPOINTMENT_NOT_FOUND);
      await audit(db, req.actor, {
        action: 'self-service.link',
        entityType: 'appointment',
        entityId: a.id,
        patientId: a.patientId,
      });
      return { status: 1 as const, url };
    },
  );
};

export default routes;
