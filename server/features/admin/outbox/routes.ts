/** /api/admin/outbox: the messages waiting, sent or not sent (superadmins and admins; doctors 403). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonQuery, messageReply, pageCount, pageQuery, replies } from '../../../../domain/api';
import {
  OUTBOX_MESSAGES,
  outboxFiltersSchema,
  outboxListReply,
  outboxSummaryReply,
} from '../../../../domain/outbox';
import { smsBudget } from '../../../platform/sms';
import * as service from './service';

const tags = ['admin'];
const config = { admins: true };
const params = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

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

  app.post(
    '/admin/outbox/:id/retry',
    {
      config,
      schema: {
        tags,
        summary: 'Send a queued or failed message at once (409 in another state)',
        params,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.retryMessage(db(), req.actor, req.params.id);
      return { status: 1 as const, message: OUTBOX_MESSAGES.retried };
    },
  );

  app.post(
    '/admin/outbox/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a queued or failed message: it will not be sent (409 in another state)',
        params,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.cancelMessage(db(), req.actor, req.params.id);
      return { status: 1 as const, message: OUTBOX_MESSAGES.cancelled };
    },
  );
};

export default routes;
