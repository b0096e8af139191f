/**
 * /api/my-account (SPEC §2 My account, §7): the signed-in user's time off, and the private
 * calendar-feed (.ics) token. Password and two-factor are better-auth's own /api/auth routes.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDay } from '../../../domain/dates';
import { MY_ACCOUNT_MESSAGES, timeOffSchema } from '../../../domain/my-account';
import { timeOff } from '../../db/schema';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import * as repo from './repository';

const tags = ['my-account'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/my-account',
    { schema: { tags, summary: "The signed-in user's time-off periods" } },
    async (req) => ({
      status: 1,
      data: await repo.listTimeOff(db, req.user!.id),
    }),
  );

  /** Checks order (schema) and overlap under the user's row lock, then writes. */
  async function write(req: FastifyRequest, input: { from: string; to: string }, id?: number) {
    const userId = req.user!.id;
    return db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      if (id !== undefined && !(await repo.findTimeOff(tx, userId, id)))
        throw notFound(MY_ACCOUNT_MESSAGES.notFound);
      const clash = await repo.overlapping(tx, userId, input.from, input.to, id);
      if (clash.length > 0) {
        const c = clash[0];
        throw conflict(`${MY_ACCOUNT_MESSAGES.overlap} (${formatDay(c.from)} - ${formatDay(c.to)})`);
      }
      const values = { fromDate: input.from, toDate: input.to };
      const [row] =
        id === undefined
          ? await tx
              .insert(timeOff)
              .values({ userId, ...values })
              .returning({ id: timeOff.id })
          : await tx
              .update(timeOff)
              .set(values)
              .where(and(eq(timeOff.id, id), eq(timeOff.userId, userId)))
              .returning({ id: timeOff.id });
      const affectedAppointments = await repo.appointmentsIn(tx, userId, input.from, input.to);
      await audit(tx, req.actor, {
        action: id === undefined ? 'time-off.create' : 'time-off.update',
        entityType: 'time_off',
        entityId: row.id,
        details: { from: input.from, to: input.to, affected: affectedAppointments.map((x) => x.id) },
      });
      return { data: { id: row.id, from: input.from, to: input.to }, affectedAppointments };
    });
  }

  app.post(
    '/my-account',
    { schema: { tags, summary: 'Adds a time-off period (from <= to, no overlap)', body: timeOffSchema } },
    async (req) => {
      const result = await write(req, req.body);
      return { status: 1, message: MY_ACCOUNT_MESSAGES.created, ...result };
    },
  );

  app.get(
    '/my-account/calendar-feed',
    { schema: { tags, summary: 'Whether the private calendar feed is on (the URL is shown only once)' } },
    async (req) => {
      const state = await repo.feedState(db, req.user!.id);
      return { status: 1, active: state !== null, createdAt: state?.createdAt.toISOString() ?? null };
    },
  );

  app.post(
    '/my-account/calendar-feed',
    { schema: { tags, summary: 'Creates or rotates the private .ics feed URL (the old one stops working)' } },
    async (req) => {
      const token = await db.transaction(async (tx) => {
        const t = await repo.rotateFeedToken(tx, req.user!.id);
        await audit(tx, req.actor, {
          action: 'calendar-feed.rotate',
          entityType: 'user',
          entityId: req.user!.id,
        });
        return t;
      });
      const path = `/api/calendar-feed/${token}.ics`;
      return {
        status: 1,
        message: MY_ACCOUNT_MESSAGES.feedCreated,
        path,
        url: `${app.deps.config.publicUrl.replace(/\/$/, '')}${path}`,
      };
    },
  );

  app.delete(
    '/my-account/calendar-feed',
    { schema: { tags, summary: 'Revokes the private .ics feed URL' } },
    async (req) => {
      const revoked = await repo.revokeFeedToken(db, req.user!.id);
      if (revoked)
        await audit(db, req.actor, {
          action: 'calendar-feed.revoke',
          entityType: 'user',
          entityId: req.user!.id,
        });
      return { status: 1, message: MY_ACCOUNT_MESSAGES.feedRevoked };
    },
  );

  app.get(
    '/my-account/:id',
    { schema: { tags, summary: 'One time-off period of the signed-in user', params: idParams } },
    async (req) => {
      const row = await repo.findTimeOff(db, req.user!.id, req.params.id);
      if (!row) throw notFound(MY_ACCOUNT_MESSAGES.notFound);
      return { status: 1, data: row };
    },
  );

  app.patch(
    '/my-account/:id',
    { schema: { tags, summary: 'Changes a time-off period', params: idParams, body: timeOffSchema } },
    async (req) => {
      const result = await write(req, req.body, req.params.id);
      return { status: 1, message: MY_ACCOUNT_MESSAGES.updated, ...result };
    },
  );

  app.delete(
    '/my-account/:id',
    { schema: { tags, summary: 'Deletes a time-off period', params: idParams } },
    async (req) => {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(timeOff)
          .where(and(eq(timeOff.id, req.params.id), eq(timeOff.userId, req.user!.id)))
          .returning(repo.periodColumns);
        if (deleted.length === 0) throw notFound(MY_ACCOUNT_MESSAGES.notFound);
        await audit(tx, req.actor, {
          action: 'time-off.delete',
          entityType: 'time_off',
          entityId: req.params.id,
          details: { from: deleted[0].from, to: deleted[0].to },
        });
      });
      return { status: 1, message: MY_ACCOUNT_MESSAGES.deleted };
    },
  );
};

export default routes;
