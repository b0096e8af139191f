/**
 * /api/admin/statuses: custom appointment statuses (superadmins only). A status carried by an
 * appointment is never deleted (the history would lose its meaning): it can be hidden instead,
 * which takes it out of the set-appointment choices.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, type AdminStatus, statusSchema } from '../../../domain/admin';
import type { Db } from '../../db/client';
import { appointmentStatuses, appointments } from '../../db/schema';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';

const tags = ['admin'];
const config = { superadmin: true };
const params = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

async function usage(tx: Db, id: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(eq(appointments.customStatusId, id));
  return Number(n);
}

async function lockStatus(tx: Db, id: number) {
  const [s] = await tx.select().from(appointmentStatuses).where(eq(appointmentStatuses.id, id)).for('update');
  if (!s) throw notFound(ADMIN_MESSAGES.statusNotFound);
  return s;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    '/admin/statuses',
    {
      config,
      schema: {
        tags,
        summary: 'Every custom status, hidden ones included, with how many appointments use it',
      },
    },
    async () => {
      const rows = await db()
        .select({
          id: appointmentStatuses.id,
          title: appointmentStatuses.title,
          without_appointment: appointmentStatuses.withoutAppointment,
          hidden: appointmentStatuses.hidden,
          inUse: count(appointments.id),
        })
        .from(appointmentStatuses)
        .leftJoin(appointments, eq(appointments.customStatusId, appointmentStatuses.id))
        .groupBy(appointmentStatuses.id)
        .orderBy(asc(appointmentStatuses.title), asc(appointmentStatuses.id));
      const data: AdminStatus[] = rows.map((r) => ({ ...r, inUse: Number(r.inUse) }));
      return { status: 1, data };
    },
  );

  app.post(
    '/admin/statuses',
    { config, schema: { tags, summary: 'Create a custom status', body: statusSchema } },
    async (req, reply) => {
      const id = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(appointmentStatuses)
          .values({ title: req.body.title, withoutAppointment: req.body.without_appointment })
          .returning({ id: appointmentStatuses.id });
        await audit(tx, req.actor, {
          action: 'admin.status.create',
          entityType: 'status',
          entityId: row.id,
          details: req.body,
        });
        return row.id;
      });
      return reply.status(201).send({ status: 1, id, message: ADMIN_MESSAGES.saved });
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
      },
    },
    async (req) => {
      await db().transaction(async (tx) => {
        const before = await lockStatus(tx, req.params.id);
        if (before.withoutAppointment !== req.body.without_appointment && (await usage(tx, before.id)) > 0)
          throw conflict(ADMIN_MESSAGES.statusKindInUse);
        await tx
          .update(appointmentStatuses)
          .set({ title: req.body.title, withoutAppointment: req.body.without_appointment })
          .where(eq(appointmentStatuses.id, before.id));
        await audit(tx, req.actor, {
          action: 'admin.status.update',
          entityType: 'status',
          entityId: before.id,
          details: {
            before: { title: before.title, without_appointment: before.withoutAppointment },
            after: req.body,
          },
        });
      });
      return { status: 1, message: ADMIN_MESSAGES.saved };
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
        },
      },
      async (req) => {
        await db().transaction(async (tx) => {
          await lockStatus(tx, req.params.id);
          await tx
            .update(appointmentStatuses)
            .set({ hidden })
            .where(eq(appointmentStatuses.id, req.params.id));
          await audit(tx, req.actor, {
            action: hidden ? 'admin.status.hide' : 'admin.status.unhide',
            entityType: 'status',
            entityId: req.params.id,
          });
        });
        return { status: 1, message: ADMIN_MESSAGES.saved };
      },
    );
  }

  app.delete(
    '/admin/statuses/:id',
    {
      config,
      schema: { tags, summary: 'Delete a status no appointment uses (409 otherwise: hide it)', params },
    },
    async (req) => {
      await db().transaction(async (tx) => {
        const s = await lockStatus(tx, req.params.id);
        if ((await usage(tx, s.id)) > 0) throw conflict(ADMIN_MESSAGES.statusInUse);
        await tx.delete(appointmentStatuses).where(eq(appointmentStatuses.id, s.id));
        await audit(tx, req.actor, {
          action: 'admin.status.delete',
          entityType: 'status',
          entityId: s.id,
          details: { title: s.title },
        });
      });
      return { status: 1, message: ADMIN_MESSAGES.deleted };
    },
  );
};

export default routes;
