/** /api/admin/statuses: custom appointment statuses (superadmins only); their rules and table are the appointments feature's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, adminStatusListReply, createdReply, statusSchema } from '../../../../domain/admin';
import { messageReply, replies } from '../../../../domain/api';
import { createStatusesService, listStatusesForAdmin } from '../../appointments';

const tags = ['admin'];
const config = { superadmin: true };
const params = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const saved = { status: 1 as const, message: ADMIN_MESSAGES.saved };

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const service = createStatusesService(app.deps);

  app.get(
    '/admin/statuses',
    {
      config,
      schema: {
        tags,
        summary: 'Every custom status, hidden ones included, with how many appointments use it',
        response: replies({ 200: adminStatusListReply }),
      },
    },
    async () => ({ status: 1 as const, data: await listStatusesForAdmin(db()) }),
  );

  app.post(
    '/admin/statuses',
    {
      config,
      schema: {
        tags,
        summary: 'Create a custom status',
        body: statusSchema,
        response: replies({ 201: createdReply }),
      },
    },
    async (req, reply) => {
      const id = await service.createStatus(req.actor, { input: req.body });
      return reply.status(201).send({ status: 1 as const, id, message: ADMIN_MESSAGES.saved });
    },
  );

  app.put(
    '/admin/statuses/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a status; without_appointment can change only while no appointment uses it',
        params,
        body: statusSchema,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.updateStatus(req.actor, { id: req.params.id, input: req.body });
      return saved;
    },
  );

  for (const hidden of [true, false]) {
    app.post(
      `/admin/statuses/:id/${hidden ? 'hide' : 'unhide'}`,
      {
        config,
        schema: {
          tags,
          summary: hidden
            ? 'Hide a status from new choices (kept on existing appointments)'
            : 'Offer a hidden status again',
          params,
          response: replies({ 200: messageReply }),
        },
      },
      async (req) => {
        await service.setHidden(req.actor, { id: req.params.id, hidden });
        return saved;
      },
    );
  }

  app.delete(
    '/admin/statuses/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a status no appointment uses (409 otherwise: hide it)',
        params,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.deleteStatus(req.actor, { id: req.params.id });
      return { status: 1 as const, message: ADMIN_MESSAGES.deleted };
    },
  );
};

export default routes;
