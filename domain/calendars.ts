import { z } from 'zod';
import type { CalendarEvent } from './dashboard';
import { calendarRangeShape, checkRange } from './dashboard';

export const CALENDAR_MESSAGES = {
  allDoctors: 'all doctors',
  notFound: 'Calendarul ales nu există.',
  loadFailed: 'Could not load data',
  loadFailedText: 'System could not communicate properly with the endpoints',
} as const;

/** Body of POST /calendars/{calendar_id}/appointments (SPEC §7: date, calendar_id, doctorId). */
export const calendarEventsSchema = z
  .strictObject({
    ...calendarRangeShape,
    calendar_id: z.coerce.number().int().positive().optional(),
    doctorId: z.preprocess((v) => (v === '' ? null : v), z.string().max(100).nullish()),
  })
  .superRefine(checkRange);

export type DayRangeOut = { start: string; end: string };

export type CalendarEventsData = {
  events: CalendarEvent[];
  /** Unavailable days of the calendar in the range, [start, end) days. */
  unavailable: (DayRangeOut & { reason: string | null })[];
  /** The selected doctor's time off in the range, [start, end) days. */
  timeOff: DayRangeOut[];
};
