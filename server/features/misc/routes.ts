import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COUNTIES } from '../../../domain/counties';
import { healthReply, instituteReply, notReadyReply, readyReply, statesReply } from '../../../domain/misc';
import { publicInstitute } from '../../config';
import { ping } from '../../db/client';
import { MESSAGES } from '../../platform/errors';

const STATES = COUNTIES.map(({ iso_code, name }) => ({ iso_code, name }));

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['misc'], summary: 'The process is up', response: { 200: healthReply } },
    },
    async () => ({ status: 1 as const, uptime: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['misc'],
        summary: 'The database answers',
        response: { 200: readyReply, 503: notReadyReply },
      },
    },
    async (_req, reply) => {
      try {
        await ping(app.deps.database.db);
        return { status: 1 as const, database: 'ok' as const };
      } catch {
        return reply
          .status(503)
          .send({ status: 0 as const, database: 'unavailable' as const, message: MESSAGES.unavailable });
      }
    },
  );

  app.get(
    '/misc/states',
    {
      config: { public: true },
      schema: {
        tags: ['misc'],
        summary: 'The 42 Romanian counties (ISO 3166-2:RO)',
        response: { 200: statesReply },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { status: 1 as const, data: STATES };
    },
  );

  /** What the public pages show about the institute (from configuration). */
  app.get(
    '/misc/institute',
    {
      config: { public: true },
      schema: {
        tags: ['misc'],
        summary: 'Institute name, tagline and public contacts',
        response: { 200: instituteReply },
      },
    },
    async () => ({ status: 1 as const, ...publicInstitute(app.deps.config) }),
  );
};

export default routes;
