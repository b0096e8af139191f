/** GET /api/misc/institute: what the public pages show of the institute (its configuration). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instituteReply } from '../../../domain/misc';
import { publicInstitute } from '../../config';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/misc/institute',
    {
      config: { public: true },
      schema: {
        tags: ['institute'],
        summary: 'Institute name, tagline and public contacts',
        response: { 200: instituteReply },
      },
    },
    async () => ({ status: 1 as const, ...publicInstitute(app.deps.config) }),
  );
};

export default routes;
