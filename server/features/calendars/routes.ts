/** /api/calendars (SPEC §2 Calendars area, §7): the tabs and each tab's events for a range. */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_MESSAGES, calendarEventsSchema } from '../../../domain/calendars';
import { resolveRange } from '../../../domain/dashboard';
import { addDays } from '../../../domain/dates';
import { calendars, calendarUnavailableDays, timeOff } from '../../db/schema';
import { notFound } from '../../platform/errors';
// The calendar events are the same as the dashboard calendar's, filtered by calendar and doctor.
import { calendarEvents } from '../dashboard/repository';

const tags = ['calendars'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get('/calendars', { schema: { tags, summary: 'Every calendar (one tab each)' } }, async () => ({
    status: 1,
    data: await db
      .select({ id: calendars.id, title: calendars.title })
      .from(calendars)
      .orderBy(asc(calendars.id)),
  }));

  app.post(
    '/calendars/:calendar_id/appointments',
    {
      schema: {
        tags,
        summary: "A calendar's appointments in a range, with its unavailable days and the doctor's time off",
        description:
          'Body: {date} (any day: the month grid around it) or {start, end} (end exclusive), optional doctorId. ' +
          'Day ranges in the answer are [start, end) like FullCalendar background events.',
        params: z.object({ calendar_id: z.coerce.number().int().positive() }),
        body: calendarEventsSchema,
      },
    },
    async (req) => {
      const calendarId = req.params.calendar_id;
      const [cal] = await db.select({ id: calendars.id }).from(calendars).where(eq(calendars.id, calendarId));
      if (!cal) throw notFound(CALENDAR_MESSAGES.notFound);
      const { start, end } = resolveRange(req.body);
      const last = addDays(end, -1);
      const doctorId = req.body.doctorId ?? null;
      const [events, unavailable, off] = await Promise.all([
        calendarEvents(db, { start, end, calendarId, doctorId }),
        db
          .select({
            from: calendarUnavailableDays.fromDate,
            to: calendarUnavailableDays.toDate,
            reason: calendarUnavailableDays.reason,
          })
          .from(calendarUnavailableDays)
          .where(
            and(
              eq(calendarUnavailableDays.calendarId, calendarId),
              lte(calendarUnavailableDays.fromDate, last),
              gte(calendarUnavailableDays.toDate, start),
            ),
          ),
        doctorId
          ? db
              .select({ from: timeOff.fromDate, to: timeOff.toDate })
              .from(timeOff)
              .where(
                and(eq(timeOff.userId, doctorId), lte(timeOff.fromDate, last), gte(timeOff.toDate, start)),
              )
          : Promise.resolve([]),
      ]);
      // Clipped to the range; `end` is the day after the last one, as background events want it.
      const clip = (r: { from: string; to: string }) => ({
        start: [r.from, start].sort()[1],
        end: addDays([r.to, last].sort()[0], 1),
      });
      return {
        status: 1,
        start,
        end,
        data: {
          events,
          unavailable: unavailable.map((u) => ({ ...clip(u), reason: u.reason })),
          timeOff: off.map(clip),
        },
      };
    },
  );
};

export default routes;
