/**
 * GET /api/misc/states: the 42 Romanian counties (ISO 3166-2:RO) with their names, for the forms.
 * The list is domain/counties.ts (the `counties` table holds the same codes for the patients'
 * foreign key, seeded by migration 0001); the spec names the path /misc/states.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COUNTIES } from '../../../domain/counties';
import { statesReply } from '../../../domain/misc';

const STATES = COUNTIES.map(({ iso_code, name }) => ({ iso_code, name }));

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/misc/states',
    {
      config: { public: true },
      schema: {
        tags: ['counties'],
        summary: 'The 42 Romanian counties (ISO 3166-2:RO)',
        response: { 200: statesReply },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { status: 1 as const, data: STATES };
    },
  );
};

export default routes;
