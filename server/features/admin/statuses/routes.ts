/** /api/admin/statuses: custom appointment statuses (superadmins only); their rules and table are the appointments feature's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES, adminStatusListReply, createdReply, statusSchema } from '../../../../domain/admin';
import { replies } from '../../../../domain/api';
import { idParams } from '../../../platform/http/params';
import { createdRoute, messageRoute } from '../../../platform/http/write-routes';
import { createStatusesService, listStatusesForAdmin } from '../../appointments';

const tags = ['admin'];
const config = { superadmin: true };

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

  createdRoute(
    app,
    '/admin/statuses',
    {
      config,
      tags,
      summary: 'Create a custom status',
      body: statusSchema,
      reply: createdReply,
      message: ADMIN_MESSAGES.saved,
    },
    (req) => service.createStatus(req.actor, { input: req.body }),
  );

  messageRoute(
    app,
    'PUT',
    '/admin/statuses/:id',
    {
      config,
      tags,
      summary: 'Rename a status; without_appointment can change only while no appointment uses it',
      params: idParams,
      body: statusSchema,
      message: ADMIN_MESSAGES.saved,
    },
    (req) => service.updateStatus(req.actor, { id: req.params.id, input: req.body }),
  );

  for (const hidden of [true, false]) {
    messageRoute(
      app,
      'POST',
      `/admin/statuses/:id/${hidden ? 'hide' : 'unhide'}`,
      {
        config,
        tags,
        summary: hidden
          ? 'Hide a status from new choices (kept on existing appointments)'
          : 'Offer a hidden status again',
        params: idParams,
        message: ADMIN_MESSAGES.saved,
      },
      (req) => service.setHidden(req.actor, { id: req.params.id, hidden }),
    );
  }

  messageRoute(
    app,
    'DELETE',
    '/admin/statuses/:id',
    {
      config,
      tags,
      summary: 'Delete a status no appointment uses (409 otherwise: hide it)',
      params: idParams,
      message: ADMIN_MESSAGES.deleted,
    },
    (req) => service.deleteStatus(req.actor, { id: req.params.id }),
  );
};

export default routes;
