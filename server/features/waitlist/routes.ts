/** /api/waitlist: staff put patients on a calendar's waitlist, see it, and take them off (issue 15). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  waitlistAddReply,
  waitlistAddSchema,
  waitlistIdParams,
  waitlistListReply,
  waitlistOkReply,
  waitlistQuery,
} from '../../../domain/waitlist';
import { createWaitlistService } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createWaitlistService(app.deps);
  const tags = ['waitlist'];

  app.post(
    '/waitlist',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: "Puts a patient on a calendar's waitlist (optionally for one doctor) for a date range",
        body: waitlistAddSchema,
        response: { 200: waitlistAddReply },
      },
    },
    async (req) => ({ status: 1 as const, id: await service.addEntry(req.actor, { input: req.body }) }),
  );

  app.get(
    '/waitlist',
    {
      schema: {
        tags,
        summary: "A calendar's waitlist: who waits, since when, and what they were offered",
        querystring: waitlistQuery,
        response: { 200: waitlistListReply },
      },
    },
    async (req) => ({
      status: 1 as const,
      entries: await service.listEntries(req.actor, { calendarId: req.query.calendar_id }),
    }),
  );

  app.delete(
    '/waitlist/:id',
    {
      schema: {
        tags,
        summary: 'Takes a patient off the waitlist (an open offer goes to the next patient)',
        params: waitlistIdParams,
        response: { 200: waitlistOkReply },
      },
    },
    async (req) => {
      await service.removeEntry(req.actor, { id: req.params.id });
      return { status: 1 as const };
    },
  );
};

export default routes;
