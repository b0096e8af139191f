/** /api/admin/calendars: calendars, weekly availability, unavailable days (superadmins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminCalendarListReply,
  availabilitySchema,
  calendarSchema,
  createdReply,
  unavailableDaysSchema,
} from '../../../../domain/admin';
import { messageReply, replies } from '../../../../domain/api';
import { createCalendarAdminService, listCalendars } from './service';

const tags = ['admin'];
const config = { superadmin: true };
const id = z.coerce.number().int().positive().max(2147483647);
const calParams = z.object({ id });
const entryParams = z.object({ id, entryId: id });

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = createCalendarAdminService(app.deps);

  app.get(
    '/admin/calendars',
    {
      config,
      schema: {
        tags,
        summary: 'Calendars with their weekly availability and unavailable days',
        response: replies({ 200: adminCalendarListReply }),
      },
    },
    async () => ({ status: 1 as const, data: await listCalendars(db) }),
  );

  app.post(
    '/admin/calendars',
    {
      config,
      schema: {
        tags,
        summary: 'Create a calendar; publicRequests moves the public requests to it',
        body: calendarSchema,
        response: replies({ 201: createdReply }),
      },
    },
    async (req, reply) => {
      const newId = await service.createCalendar(req.actor, { input: req.body });
      return reply.status(201).send({ status: 1 as const, id: newId, message: ADMIN_MESSAGES.calendarSaved });
    },
  );

  app.put(
    '/admin/calendars/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Title, whether it takes public requests (at most one calendar) and its daily capacity',
        params: calParams,
        body: calendarSchema,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.updateCalendar(req.actor, { id: req.params.id, input: req.body });
      return { status: 1 as const, message: ADMIN_MESSAGES.calendarSaved };
    },
  );

  app.delete(
    '/admin/calendars/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a calendar without appointments (409 otherwise)',
        params: calParams,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.deleteCalendar(req.actor, { id: req.params.id });
      return { status: 1 as const, message: ADMIN_MESSAGES.calendarDeleted };
    },
  );

  app.post(
    '/admin/calendars/:id/availability',
    {
      config,
      schema: {
        tags,
        summary: 'Add a weekly availability entry (weekday 0 = Sunday; 409 when it overlaps another)',
        params: calParams,
        body: availabilitySchema,
        response: replies({ 201: createdReply }),
      },
    },
    async (req, reply) => {
      const entryId = await service.addAvailability(req.actor, {
        calendarId: req.params.id,
        input: req.body,
      });
      return reply.status(201).send({ status: 1 as const, id: entryId, message: ADMIN_MESSAGES.saved });
    },
  );

  app.put(
    '/admin/calendars/:id/availability/:entryId',
    {
      config,
      schema: {
        tags,
        summary: 'Change an availability entry',
        params: entryParams,
        body: availabilitySchema,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.updateAvailability(req.actor, {
        calendarId: req.params.id,
        entryId: req.params.entryId,
        input: req.body,
      });
      return { status: 1 as const, message: ADMIN_MESSAGES.saved };
    },
  );

  app.delete(
    '/admin/calendars/:id/availability/:entryId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an availability entry',
        params: entryParams,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.deleteAvailability(req.actor, { calendarId: req.params.id, entryId: req.params.entryId });
      return { status: 1 as const, message: ADMIN_MESSAGES.deleted };
    },
  );

  app.post(
    '/admin/calendars/:id/unavailable-days',
    {
      config,
      schema: {
        tags,
        summary: 'Add unavailable days (one day: from = to) with a reason, e.g. a public holiday',
        params: calParams,
        body: unavailableDaysSchema,
        response: replies({ 201: createdReply }),
      },
    },
    async (req, reply) => {
      const rangeId = await service.addUnavailableDays(req.actor, {
        calendarId: req.params.id,
        input: req.body,
      });
      return reply.status(201).send({ status: 1 as const, id: rangeId, message: ADMIN_MESSAGES.saved });
    },
  );

  app.delete(
    '/admin/calendars/:id/unavailable-days/:entryId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove unavailable days',
        params: entryParams,
        response: replies({ 200: messageReply }),
      },
    },
    async (req) => {
      await service.deleteUnavailableDays(req.actor, {
        calendarId: req.params.id,
        rangeId: req.params.entryId,
      });
      return { status: 1 as const, message: ADMIN_MESSAGES.deleted };
    },
  );
};

export default routes;
