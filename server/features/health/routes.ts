/** GET /api/health (the process is up) and GET /api/ready (the database answers), for operators. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReply, notReadyReply, readyReply } from '../../../domain/misc';
import { ping } from '../../db/client';
import { MESSAGES } from '../../platform/errors';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthReply } },
    },
    async () => ({ status: 1 as const, uptime: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: readyReply, 503: notReadyReply },
      },
    },
    async (_req, reply) => {
      try {
        await ping(app.deps.db);
        return { status: 1 as const, database: 'ok' as const };
      } catch {
        return reply
          .status(503)
          .send({ status: 0 as const, database: 'unavailable' as const, message: MESSAGES.unavailable });
      }
    },
  );
};

export default routes;
