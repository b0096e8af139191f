/**
 * The public remote-consultation request (SPEC §7): GET /appointment/check-register-date and
 * POST /appointment, plus GET /appointment/consent-text (the consent text the form shows). All
 * public and throttled per IP; the POST body is kept small.
 * The other /appointment routes belong to the appointments feature.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonQuery } from '../../../domain/api';
import { clinicToday } from '../../../domain/dates';
import { renderConsentText } from '../../../domain/privacy';
import {
  CONSENT_TEXT,
  CONSENT_TEXT_VERSION,
  checkDateFilters,
  checkDateReply,
  closedDaysReply,
  consentTextReply,
  HONEYPOT_FIELD,
  lastRegistrationDate,
  REGISTRATION_MESSAGES,
  REGISTRATION_SLOT,
  registrationReply,
  registrationSchema,
} from '../../../domain/registration';
import { takeDailyBudget } from '../../platform/auth';
import { clientNetwork } from '../../platform/client-network';
import { HttpError } from '../../platform/errors';
import { currentConsentText } from '../privacy';
import { acceptProof, issueChallenge } from './proof-of-work';
import { publicClosedRanges } from './repository';
import { createRegistrationService, publicDay } from './service';

/**
 * Per-client budgets (docs/decisions/0010-registration-abuse.md); the form's are counted per
 * network (an IPv4 /24, an IPv6 /64), not per address: addresses are rented by the block.
 */
export const RATE_LIMITS = {
  checkDate: { max: 60, timeWindow: '1 minute' },
  submit: { max: 10, timeWindow: '1 minute', keyGenerator: (req: { ip: string }) => clientNetwork(req.ip) },
} as const;
/** A filled form is well under 2 KB; anything far larger is not a patient. */
export const BODY_LIMIT = 16 * 1024;

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createRegistrationService(app.deps);

  app.get(
    '/appointment/challenge',
    {
      config: { public: true, rateLimit: RATE_LIMITS.checkDate },
      schema: {
        tags: ['registration'],
        summary:
          'A proof-of-work challenge (ALTCHA) the public form solves while the patient types; POST /appointment takes its solution once',
        response: {
          200: z.object({
            status: z.literal(1),
            challenge: z.object({
              parameters: z.record(z.string(), z.unknown()),
              signature: z.string().optional(),
            }),
          }),
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        status: 1 as const,
        challenge: await issueChallenge(
          app.deps.config.authSecret,
          app.deps.clock.now(),
          app.deps.config.REGISTRATION_CHALLENGE_SECONDS * 1000,
        ),
      };
    },
  );

  app.get(
    '/appointment/check-register-date',
    {
      config: { public: true, rateLimit: RATE_LIMITS.checkDate },
      schema: {
        tags: ['registration'],
        summary: 'Whether a day can still be requested on the public form (status 1 = OK)',
        querystring: z.object({ filters: jsonQuery(checkDateFilters) }),
        response: { 200: checkDateReply },
      },
    },
    async (req) => {
      const { db } = app.deps;
      const day = req.query.filters.selected_date;
      const today = clinicToday(app.deps.clock.now());
      const d = await publicDay(db, app.deps.config, day, today);
      if (d.open && !d.full) return { status: 1 as const };
      return { status: 0 as const, message: REGISTRATION_MESSAGES.unavailable };
    },
  );

  app.get(
    '/appointment/closed-days',
    {
      config: { public: true, rateLimit: RATE_LIMITS.checkDate },
      schema: {
        tags: ['registration'],
        summary:
          "The days from today the public form cannot take besides weekends (the public calendar's unavailable days, full days), as ranges; the date picker does not offer them",
        response: { 200: closedDaysReply },
      },
    },
    async (_req, reply) => {
      const today = clinicToday(app.deps.clock.now());
      const closed = await publicClosedRanges(
        app.deps.db,
        today,
        lastRegistrationDate(today),
        app.deps.config.REGISTRATION_DAILY_CAPACITY,
      );
      reply.header('cache-control', 'no-cache');
      return { status: 1 as const, closed };
    },
  );

  app.get(
    '/appointment/consent-text',
    {
      config: { public: true, rateLimit: RATE_LIMITS.checkDate },
      schema: {
        tags: ['registration'],
        summary: 'The consent text the public form shows now, with its version',
        response: { 200: consentTextReply },
      },
    },
    async (_req, reply) => {
      const current = await currentConsentText(app.deps.db);
      reply.header('cache-control', 'no-cache');
      return {
        status: 1 as const,
        version: current?.version ?? CONSENT_TEXT_VERSION,
        text: renderConsentText(current?.text ?? CONSENT_TEXT, app.deps.config.INSTITUTE_NAME),
      };
    },
  );

  app.post(
    '/appointment',
    {
      bodyLimit: BODY_LIMIT,
      config: { public: true, rateLimit: RATE_LIMITS.submit },
      schema: {
        tags: ['registration'],
        summary:
          'A patient requests a remote consultation (public form). Anonymous callers always get 201 with appointment.id 0 (new, repeated or dropped alike); signed-in staff get the id, 201 new or 200 already there. At most REGISTRATION_PER_ADDRESS_DAILY per client address and day (429).',
        body: registrationSchema,
        response: { 200: registrationReply, 201: registrationReply },
      },
    },
    async (req, reply) => {
      const r = req.body;
      const { db } = app.deps;
      const { config } = app.deps;
      // Signed-in staff entering a request for a patient get the record's id and whether it is
      // new; anyone else gets the same answer for a new request, a repeated one and a dropped one,
      // so the form reveals nothing about what exists (docs/decisions/0028-security-findings.md).
      await app.loadSession(req, reply);
      const staff = Boolean(req.user?.authorized);
      const anonymousAnswer = () =>
        reply.status(201).send({
          status: 1 as const,
          message: REGISTRATION_MESSAGES.registered,
          appointment: { id: 0, selected_date: r.appt_date, selected_time: REGISTRATION_SLOT },
        });
      const now = app.deps.clock.now();
      if (
        !staff &&
        config.REGISTRATION_PROOF_OF_WORK === 'on' &&
        !(await acceptProof(
          db,
          config.authSecret,
          r.altcha,
          now,
          config.REGISTRATION_CHALLENGE_SECONDS * 1000,
        ))
      ) {
        const m = REGISTRATION_MESSAGES.proofOfWork;
        throw new HttpError(400, m, { altcha: m });
      }
      if (
        !staff &&
        !(await takeDailyBudget(
          db,
          'registration-address',
          clientNetwork(req.ip),
          clinicToday(now),
          config.REGISTRATION_PER_ADDRESS_DAILY,
          now,
        ))
      ) {
        throw new HttpError(429, REGISTRATION_MESSAGES.tooManyToday);
      }
      if (r[HONEYPOT_FIELD]) {
        // Only bots fill the hidden field: answer like a success so they do not adapt, store nothing.
        req.log.info({ event: 'registration.honeypot' }, 'honeypot filled, request dropped');
        return anonymousAnswer();
      }
      const result = await service.submit(req.actor, { form: r, today: clinicToday(now) });
      if (!staff) return anonymousAnswer();
      const a = result.appointment;
      reply.status(result.created ? 201 : 200);
      return {
        status: 1 as const,
        message: REGISTRATION_MESSAGES.registered,
        appointment: { id: a.id, selected_date: a.selectedDate, selected_time: a.selectedTime },
      };
    },
  );
};

export default routes;
