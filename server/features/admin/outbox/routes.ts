/** /api/admin/outbox: the messages waiting, sent or not sent (superadmins and admins; doctors 403). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonQuery, pageCount, pageQuery, replies } from '../../../../domain/api';
import {
  OUTBOX_MESSAGES,
  outboxFiltersSchema,
  outboxListReply,
  outboxSummaryReply,
} from '../../../../domain/outbox';
import { idParams } from '../../../platform/http/params';
import { messageRoute } from '../../../platform/http/write-routes';
import { smsBudget } from '../../../platform/sms';
import * as service from './service';

const tags = ['admin'];
const config = { admins: true };

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;

  app.get(
    '/admin/outbox',
    {
      config,
      schema: {
        tags,
        summary:
          'Outgoing messages newest first: channel, masked recipient, subject, state, attempts (no body)',
        description:
          'filters: JSON {state (pending | sending | sent | failed | cancelled), channel (email | sms)}',
        querystring: z.object({ filters: jsonQuery(outboxFiltersSchema), ...pageQuery }),
        response: replies({ 200: outboxListReply }),
      },
    },
    async (req) => {
      const { filters, page, perPage } = req.query;
      const { total, data } = await service.listOutbox(db(), filters, page, perPage);
      return {
        status: 1 as const,
        _meta: { total, page, perPage, pageCount: pageCount(total, perPage) },
        data,
      };
    },
  );

  app.get(
    '/admin/outbox/summary',
    {
      config,
      schema: {
        tags,
        summary:
          'How many messages could not be sent (the dashboard card "Mesaje netrimise") and the SMS sent against SMS_PER_HOUR and SMS_PER_DAY',
        response: replies({ 200: outboxSummaryReply }),
      },
    },
    async () => ({ status: 1 as const, ...(await service.summary(db(), smsBudget(app.deps.config))) }),
  );

  messageRoute(
    app,
    'POST',
    '/admin/outbox/:id/retry',
    {
      config,
      tags,
      summary: 'Send a queued or failed message at once (409 in another state)',
      params: idParams,
      message: OUTBOX_MESSAGES.retried,
    },
    (req) => service.retryMessage(db(), req.actor, req.params.id),
  );

  messageRoute(
    app,
    'POST',
    '/admin/outbox/:id/cancel',
    {
      config,
      tags,
      summary: 'Cancel a queued or failed message: it will not be sent (409 in another state)',
      params: idParams,
      message: OUTBOX_MESSAGES.cancelled,
    },
    (req) => service.cancelMessage(db(), req.actor, req.params.id),
  );
};

export default routes;
