import { listReply, ok } from './api';
import { calendarRef } from './appointment-replies';
import { calendarEvent, calendarRangeShape, checkRange, dayMore, eventCounts } from './dashboard';
import { z } from './zod-setup';

export const CALENDAR_MESSAGES = {
  allDoctors: 'all doctors',
  notFound: 'Calendarul ales nu există.',
  loadFailed: 'Could not load data',
  loadFailedText: 'System could not communicate properly with the endpoints',
} as const;

/**
 * Body of POST /calendars/{calendar_id}/appointments (SPEC §7: date, calendar_id, doctorId), with
 * the view's optional perDay and includeInactive (calendarRangeShape).
 */
export const calendarEventsSchema = z
  .strictObject({
    ...calendarRangeShape,
    calendar_id: z.coerce.number().int().positive().optional(),
    doctorId: z.preprocess((v) => (v === '' ? null : v), z.string().max(100).nullish()),
  })
  .superRefine(checkRange);

const dayRangeOut = z.object({ start: z.string(), end: z.string() });

export const calendarEventsData = z.object({
  events: z.array(calendarEvent),
  /** Unavailable days of the calendar in the range, [start, end) days. */
  unavailable: z.array(dayRangeOut.extend({ reason: z.string().nullable() })),
  /** The selected doctor's time off in the range, [start, end) days. */
  timeOff: z.array(dayRangeOut),
  /** With `perDay`: the days that have more events than sent, and how many more. */
  more: z.array(dayMore),
  counts: eventCounts,
});

// ------------------------------------------------------------------ replies (route `response`)

export const calendarListReply = listReply(calendarRef);
export type CalendarListReply = z.infer<typeof calendarListReply>;
export const calendarEventsReply = ok({ start: z.string(), end: z.string(), data: calendarEventsData });
export type CalendarEventsReply = z.infer<typeof calendarEventsReply>;
