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
import { replies } from '../../../../domain/api';
import { idParams, serialId } from '../../../platform/http/params';
import { createdRoute, messageRoute } from '../../../platform/http/write-routes';
import { createCalendarAdminService, listCalendars } from './service';

const tags = ['admin'];
const config = { superadmin: true };
const entryParams = z.object({ id: serialId, entryId: serialId });

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

  createdRoute(
    app,
    '/admin/calendars',
    {
      config,
      tags,
      summary: 'Create a calendar; publicRequests moves the public requests to it',
      body: calendarSchema,
      reply: createdReply,
      message: ADMIN_MESSAGES.calendarSaved,
    },
    (req) => service.createCalendar(req.actor, { input: req.body }),
  );

  messageRoute(
    app,
    'PUT',
    '/admin/calendars/:id',
    {
      config,
      tags,
      summary: 'Title, whether it takes public requests (at most one calendar) and its daily capacity',
      params: idParams,
      body: calendarSchema,
      message: ADMIN_MESSAGES.calendarSaved,
    },
    (req) => service.updateCalendar(req.actor, { id: req.params.id, input: req.body }),
  );

  messageRoute(
    app,
    'DELETE',
    '/admin/calendars/:id',
    {
      config,
      tags,
      summary: 'Delete a calendar without appointments (409 otherwise)',
      params: idParams,
      message: ADMIN_MESSAGES.calendarDeleted,
    },
    (req) => service.deleteCalendar(req.actor, { id: req.params.id }),
  );

  createdRoute(
    app,
    '/admin/calendars/:id/availability',
    {
      config,
      tags,
      summary: 'Add a weekly availability entry (weekday 0 = Sunday; 409 when it overlaps another)',
      params: idParams,
      body: availabilitySchema,
      reply: createdReply,
      message: ADMIN_MESSAGES.saved,
    },
    (req) => service.addAvailability(req.actor, { calendarId: req.params.id, input: req.body }),
  );

  messageRoute(
    app,
    'PUT',
    '/admin/calendars/:id/availability/:entryId',
    {
      config,
      tags,
      summary: 'Change an availability entry',
      params: entryParams,
      body: availabilitySchema,
      message: ADMIN_MESSAGES.saved,
    },
    (req) =>
      service.updateAvailability(req.actor, {
        calendarId: req.params.id,
        entryId: req.params.entryId,
        input: req.body,
      }),
  );

  messageRoute(
    app,
    'DELETE',
    '/admin/calendars/:id/availability/:entryId',
    {
      config,
      tags,
      summary: 'Remove an availability entry',
      params: entryParams,
      message: ADMIN_MESSAGES.deleted,
    },
    (req) =>
      service.deleteAvailability(req.actor, { calendarId: req.params.id, entryId: req.params.entryId }),
  );

  createdRoute(
    app,
    '/admin/calendars/:id/unavailable-days',
    {
      config,
      tags,
      summary: 'Add unavailable days (one day: from = to) with a reason, e.g. a public holiday',
      params: idParams,
      body: unavailableDaysSchema,
      reply: createdReply,
      message: ADMIN_MESSAGES.saved,
    },
    (req) => service.addUnavailableDays(req.actor, { calendarId: req.params.id, input: req.body }),
  );

  messageRoute(
    app,
    'DELETE',
    '/admin/calendars/:id/unavailable-days/:entryId',
    {
      config,
      tags,
      summary: 'Remove unavailable days',
      params: entryParams,
      message: ADMIN_MESSAGES.deleted,
    },
    (req) =>
      service.deleteUnavailableDays(req.actor, { calendarId: req.params.id, rangeId: req.params.entryId }),
  );
};

export default routes;
