/**
 * GET /api/calendar-feed/{token}.ics: a doctor's private iCalendar feed (public route: the
 * revocable token in the URL is the credential). It carries the patient's name and the calendar
 * title only: no CNP, phone or e-mail, since calendar apps sync it to third-party servers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, replies } from '../../../../domain/api';
import { eventEnd } from '../../../../domain/dashboard';
import { addDays, clinicInstant, clinicToday, hhmm } from '../../../../domain/dates';
import { audit } from '../../../platform/audit';
import { notFound } from '../../../platform/errors';
import { contentDisposition } from '../../../platform/http-headers';
import { doctorSlotAppointments } from '../../appointments';
import { feedOwner } from '../repository';
import { buildCalendar } from './ical';

/** How far back the feed goes; the future is complete. */
const DAYS_BACK = 90;
const FEED_MESSAGE = 'Calendarul nu există sau adresa a fost revocată.';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/calendar-feed/:file',
    {
      config: { public: true },
      schema: {
        tags: ['calendars'],
        summary: "A doctor's appointments as an iCalendar feed (private URL from /my-account/calendar-feed)",
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, FEED_MESSAGE) }),
        response: replies({ 200: fileReply('text/calendar') }),
      },
    },
    async (req, reply) => {
      const owner = await feedOwner(db, req.params.file.slice(0, -'.ics'.length));
      if (!owner) throw notFound(FEED_MESSAGE);
      const now = app.deps.clock.now();
      const rows = await doctorSlotAppointments(db, owner.userId, addDays(clinicToday(now), -DAYS_BACK));
      const host = new URL(app.deps.config.publicUrl).hostname;
      const events = rows.map((r) => {
        const date = r.date as string;
        const time = hhmm(r.time ?? '08:00');
        const end = eventEnd(time, r.endsAt ? hhmm(r.endsAt) : null);
        return {
          uid: `programare-${r.id}@${host}`,
          start: clinicInstant(date, time),
          end: clinicInstant(date, end),
          summary: r.calendar ? `${r.patient} - ${r.calendar}` : r.patient,
          location: r.calendar,
        };
      });
      await audit(db, req.actor, {
        action: 'calendar-feed.read',
        entityType: 'user',
        entityId: owner.userId,
        details: { events: events.length },
      });
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('inline', 'programari.ics'));
      return buildCalendar({ name: `Programări - ${owner.name}`, now, events });
    },
  );
};

export default routes;
