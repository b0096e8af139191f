/**
 * /api/dashboard (SPEC §2 Dashboard, §7): figures, latest pending, calendar, weekly chart and the
 * journey's figures. The dashboard owns no table: it shows the appointments' and calendars' reads.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../../domain/api';
import {
  calendarRangeSchema,
  dashboardCalendarReply,
  dashboardStatsReply,
  journeyFiguresReply,
  NEAR_DEADLINE_HOURS,
  NO_SHOW_WINDOW_DAYS,
  resolveRange,
  WEEKS_AFTER,
  WEEKS_BEFORE,
  weeklyCountsReply,
} from '../../../domain/dashboard';
import { addDays, clinicToday, weekdayOf } from '../../../domain/dates';
import { slowCache } from '../../platform/slow-cache';
import { dashboardFigures, noShowRates, requestsNearDeadline, weeklyCounts } from '../appointments';
import { calendarEvents } from '../calendars';

const tags = ['dashboard'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const today = () => clinicToday(app.deps.clock.now());
  // The counts read kept figures and indexes (migration 0027): a few ms at 100,000 patients. When
  // they still take over 50 ms (a very large institute, a loaded machine), they are reused for
  // 30 s by this process. A small clinic's figures are always fresh (docs/PERFORMANCE.md).
  const cachedStats = slowCache<Awaited<ReturnType<typeof dashboardFigures>>>({
    // Never under test: a loaded test machine can be slow on tiny data, and a test that changes
    // appointments between two reads must see the change.
    slowMs: app.deps.config.NODE_ENV === 'test' ? Number.POSITIVE_INFINITY : 50,
    ttlMs: 30_000,
  });

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary: 'Pending, completed and rescheduled counts and the latest pending appointments',
        description: 'Definitions: docs/decisions/0012-dashboard-figures.md. "Today" is in Europe/Bucharest.',
        response: replies({ 200: dashboardStatsReply }),
      },
    },
    async () => {
      const t = today();
      return { status: 1 as const, stats: await cachedStats(t, () => dashboardFigures(db, t)) };
    },
  );

  app.post(
    '/dashboard/calendar',
    {
      schema: {
        tags,
        summary: 'Every dated appointment in a range, as calendar events',
        description:
          'Body: {date} (any day: the six-week month grid around it) or {start, end} with end exclusive. At most 100 days. ' +
          'Optional perDay and includeInactive as for POST /api/calendars/{calendar_id}/appointments.',
        body: calendarRangeSchema,
        response: replies({ 200: dashboardCalendarReply }),
      },
    },
    async (req) => {
      const range = resolveRange(req.body);
      const { perDay, includeInactive } = req.body;
      const { events, more, counts } = await calendarEvents(db, { ...range, perDay, includeInactive });
      // The count is of the appointments that happen (not the cancelled ones: issue 19 item 2).
      return { status: 1 as const, ...range, count: counts.active, appointments: events, more, counts };
    },
  );

  app.get(
    '/dashboard/weekly',
    {
      schema: {
        tags,
        summary: `Appointments per week and status: ${WEEKS_BEFORE} weeks back, ${WEEKS_AFTER} ahead`,
        response: replies({ 200: weeklyCountsReply }),
      },
    },
    async () => {
      const t = today();
      const monday = addDays(t, -((weekdayOf(t) + 6) % 7));
      const weeks = await weeklyCounts(db, addDays(monday, -7 * WEEKS_BEFORE), WEEKS_BEFORE + WEEKS_AFTER);
      return { status: 1 as const, currentWeek: monday, weeks };
    },
  );

  // No-show rates and the requests close to the 48-hour promise (issue 15).
  app.get(
    '/dashboard/journey',
    {
      schema: {
        tags: ['dashboard'],
        summary: `No-show rates of the last ${NO_SHOW_WINDOW_DAYS} days per doctor and calendar (with and without a confirmed attendance), and requests unanswered for ${NEAR_DEADLINE_HOURS} h`,
        response: { 200: journeyFiguresReply },
      },
    },
    async () => {
      const now = app.deps.clock.now();
      const to = clinicToday(now);
      const from = addDays(to, -NO_SHOW_WINDOW_DAYS);
      const [noShow, count] = await Promise.all([
        noShowRates(db, from, to),
        requestsNearDeadline(db, new Date(now.getTime() - NEAR_DEADLINE_HOURS * 3_600_000)),
      ]);
      return {
        status: 1 as const,
        window: { from, to },
        no_show: noShow,
        near_deadline: { count, hours: NEAR_DEADLINE_HOURS },
      };
    },
  );
};

export default routes;
