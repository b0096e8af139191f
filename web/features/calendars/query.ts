/**
 * What a calendar view asks the server for (docs/decisions/0043-calendar-month-as-shown.md): kept
 * apart from appointment-calendar.tsx so the pages that fetch do not load FullCalendar with it.
 */

/** Events a day of the month grid shows (FullCalendar's dayMaxEvents); the rest are counted. */
export const MONTH_PER_DAY = 3;

/** The visible range, the month grid's cap, and whether the cancelled appointments are wanted. */
export type CalendarQuery = { start: string; end: string; perDay?: number; includeInactive: boolean };

export const sameQuery = (a: CalendarQuery | null, b: CalendarQuery) =>
  a?.start === b.start && a.end === b.end && a.perDay === b.perDay && a.includeInactive === b.includeInactive;
