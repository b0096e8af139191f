/** GET /api/dashboard/journey: no-show rates and the requests close to the 48-hour promise (issue 15). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { journeyFiguresReply, NEAR_DEADLINE_HOURS, NO_SHOW_WINDOW_DAYS } from '../../../domain/dashboard';
import { addDays, clinicToday } from '../../../domain/dates';
import { noShowRates, requestsNearDeadline } from '../appointments';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
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
