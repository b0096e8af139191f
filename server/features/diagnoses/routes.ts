/**
 * GET /api/misc/icd10?q=…&limit=… — the diagnosis picker's search over the ICD-10 list with
 * Romanian titles (domain/icd10.ts). Signed-in, authorised staff only.
 *
 * The spec-style path is /misc/icd10 (beside /misc/states), but the code lives here, in
 * `diagnoses/`: DESIGN §4 wants no catch-all `misc/` folder, and a path the spec's naming puts
 * elsewhere is served by the feature that owns the data.
 *
 * Answers `{ status: 1, data: [{ code, title }] }`, best matches first; a missing or too long
 * `q`, or a `limit` outside 1-50, is a 400 with Romanian field messages. The list is static and
 * holds no patient data, so nothing is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../../domain/api';
import { icd10QuerySchema, icd10Reply, searchIcd10 } from '../../../domain/icd10';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/misc/icd10',
    {
      schema: {
        tags: ['diagnoses'],
        summary: 'ICD-10 codes with Romanian titles matching a code prefix or words',
        description:
          'Exact code, then code prefix, then all words at word starts, then all words anywhere; case- and diacritics-insensitive.',
        querystring: icd10QuerySchema,
        response: replies({ 200: icd10Reply }),
      },
    },
    async (req, reply) => {
      // Same answer for everyone until the list changes with a deploy: let the browser keep it.
      reply.header('cache-control', 'private, max-age=3600');
      const data = searchIcd10(req.query.q, req.query.limit).map(({ code, title }) => ({ code, title }));
      return { status: 1 as const, data };
    },
  );
};

export default routes;
