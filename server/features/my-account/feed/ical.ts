/**
 * The private appointment feed as iCalendar (RFC 5545), written by ical-generator (escaping and
 * line folding are the library's). Times are written in UTC (…Z), converted from the clinic's
 * Europe/Bucharest wall clock, so every client shows them right without a VTIMEZONE block: no
 * time zone is given to the calendar or its events, which is what makes ical-generator write UTC.
 */
import { ICalCalendar, ICalCalendarMethod, escape as icsText } from 'ical-generator';

export type IcsEvent = {
  /** Stable per appointment, so a client updates the event instead of duplicating it. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
};

export function buildCalendar(opts: { name: string; now: Date; events: IcsEvent[] }): string {
  const calendar = new ICalCalendar({
    prodId: '//Clinic back office//Programari//RO',
    method: ICalCalendarMethod.PUBLISH,
    scale: 'GREGORIAN',
    // ical-generator writes NAME and X-WR-CALNAME as given: the TEXT escaping is ours.
    name: icsText(opts.name, false),
    // The wall-clock zone the events were planned in, for clients that show it; the times are UTC.
    x: [['X-WR-TIMEZONE', 'Europe/Bucharest']],
  });
  for (const e of opts.events) {
    calendar.createEvent({
      id: e.uid,
      stamp: opts.now,
      start: e.start,
      end: e.end,
      summary: e.summary,
      location: e.location ?? null,
    });
  }
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too; the library leaves it off.
  return `${calendar.toString()}\r\n`;
}
