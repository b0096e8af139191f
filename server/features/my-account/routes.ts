/**
 * /api/my-account (SPEC §2 My account, §7): the signed-in user's time off, and the private
 * calendar-feed (.ics) token. Password and two-factor are better-auth's own /api/auth routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../../domain/api';
import {
  calendarFeedCreatedReply,
  calendarFeedStateReply,
  MY_ACCOUNT_MESSAGES,
  timeOffListReply,
  timeOffReply,
  timeOffSchema,
  timeOffWriteReply,
} from '../../../domain/my-account';
import { notFound } from '../../platform/errors';
import { messageRoute } from '../../platform/http/write-routes';
import { linkBase } from '../../platform/origins';
import feedRoutes from './feed/routes';
import * as repo from './repository';
import { createMyAccountService } from './service';

const tags = ['my-account'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = createMyAccountService(app.deps);
  await app.register(feedRoutes);

  app.get(
    '/my-account',
    {
      schema: {
        tags,
        summary: "The signed-in user's time-off periods",
        response: replies({ 200: timeOffListReply }),
      },
    },
    async (req) => ({ status: 1 as const, data: await repo.listTimeOff(db, req.user!.id) }),
  );

  app.post(
    '/my-account',
    {
      schema: {
        tags,
        summary: 'Adds a time-off period (from <= to, no overlap)',
        body: timeOffSchema,
        response: replies({ 200: timeOffWriteReply }),
      },
    },
    async (req) => ({
      status: 1 as const,
      message: MY_ACCOUNT_MESSAGES.created,
      ...(await service.saveTimeOff(req.actor, { input: req.body })),
    }),
  );

  app.get(
    '/my-account/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Whether the private calendar feed is on (the URL is shown only once)',
        response: replies({ 200: calendarFeedStateReply }),
      },
    },
    async (req) => {
      const state = await repo.feedState(db, req.user!.id);
      return {
        status: 1 as const,
        active: state !== null,
        createdAt: state?.createdAt.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/my-account/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Creates or rotates the private .ics feed URL (the old one stops working)',
        response: replies({ 200: calendarFeedCreatedReply }),
      },
    },
    async (req) => {
      const token = await service.rotateFeed(req.actor);
      const path = `/api/calendar-feed/${token}.ics`;
      return {
        status: 1 as const,
        message: MY_ACCOUNT_MESSAGES.feedCreated,
        path,
        url: `${linkBase(app.deps.config, req.headers.host)}${path}`,
      };
    },
  );

  messageRoute(
    app,
    'DELETE',
    '/my-account/calendar-feed',
    {
      tags,
      summary: 'Revokes the private .ics feed URL',
      message: MY_ACCOUNT_MESSAGES.feedRevoked,
    },
    (req) => service.revokeFeed(req.actor),
  );

  app.get(
    '/my-account/:id',
    {
      schema: {
        tags,
        summary: 'One time-off period of the signed-in user',
        params: idParams,
        response: replies({ 200: timeOffReply }),
      },
    },
    async (req) => {
      const row = await repo.findTimeOff(db, req.user!.id, req.params.id);
      if (!row) throw notFound(MY_ACCOUNT_MESSAGES.notFound);
      return { status: 1 as const, data: row };
    },
  );

  app.patch(
    '/my-account/:id',
    {
      schema: {
        tags,
        summary: 'Changes a time-off period',
        params: idParams,
        body: timeOffSchema,
        response: replies({ 200: timeOffWriteReply }),
      },
    },
    async (req) => ({
      status: 1 as const,
      message: MY_ACCOUNT_MESSAGES.updated,
      ...(await service.saveTimeOff(req.actor, { input: req.body, id: req.params.id })),
    }),
  );

  messageRoute(
    app,
    'DELETE',
    '/my-account/:id',
    {
      tags,
      summary: 'Deletes a time-off period',
      params: idParams,
      message: MY_ACCOUNT_MESSAGES.deleted,
    },
    (req) => service.deleteTimeOff(req.actor, { id: req.params.id }),
  );
};

export default routes;
