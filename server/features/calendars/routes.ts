/**
 * /api/calendars (SPEC §2 Calendars area, §7): the tabs and each tab's events for a range; the
 * administration of calendars (/api/admin/calendars, admin-routes.ts) and a doctor's private
 * iCalendar feed (/api/calendar-feed, feed-routes.ts) are registered from here too.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../../domain/api';
import {
  CALENDAR_MESSAGES,
  calendarEventsReply,
  calendarEventsSchema,
  calendarListReply,
} from '../../../domain/calendars';
import { resolveRange } from '../../../domain/dashboard';
import { addDays } from '../../../domain/dates';
import { notFound } from '../../platform/errors';
import adminRoutes from './admin/routes';
import * as month from './month/repository';
import * as repo from './repository';

const tags = ['calendars'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await app.register(adminRoutes);

  app.get(
    '/calendars',
    {
      schema: {
        tags,
        summary: 'Every calendar (one tab each)',
        response: replies({ 200: calendarListReply }),
      },
    },
    async () => ({ status: 1 as const, data: await repo.listCalendars(db) }),
  );

  app.post(
    '/calendars/:calendar_id/appointments',
    {
      schema: {
        tags,
        summary: "A calendar's appointments in a range, with its unavailable days and the doctor's time off",
        description:
          'Body: {date} (any day: the month grid around it) or {start, end} (end exclusive), optional doctorId. ' +
          'Optional perDay (1-20, the month grid): only the first perDay events of each day in display order, ' +
          'the others counted in `more`; optional includeInactive (default true): false leaves out the ' +
          'appointments that do not happen. `counts` is of the whole range. ' +
          'Day ranges in the answer are [start, end) like FullCalendar background events.',
        params: z.object({ calendar_id: z.coerce.number().int().positive() }),
        body: calendarEventsSchema,
        response: replies({ 200: calendarEventsReply }),
      },
    },
    async (req) => {
      const calendarId = req.params.calendar_id;
      const { start, end } = resolveRange(req.body);
      const last = addDays(end, -1);
      const { doctorId = null, perDay, includeInactive } = req.body;
      const [found, off] = await Promise.all([
        month.calendarMonth(db, { start, end, calendarId, doctorId, perDay, includeInactive }),
        doctorId ? month.doctorTimeOffBetween(db, doctorId, start, last) : Promise.resolve([]),
      ]);
      // The calendar's existence comes with its unavailable days, read with the events.
      if (!found) throw notFound(CALENDAR_MESSAGES.notFound);
      // Clipped to the range; `end` is the day after the last one, as background events want it.
      const clip = (r: { from: string; to: string }) => ({
        start: [r.from, start].sort()[1],
        end: addDays([r.to, last].sort()[0], 1),
      });
      return {
        status: 1 as const,
        start,
        end,
        data: {
          events: found.events,
          unavailable: found.unavailable.map((u) => ({ ...clip(u), reason: u.reason })),
          timeOff: off.map(clip),
          more: found.more,
          counts: found.counts,
        },
      };
    },
  );
};

export default routes;
