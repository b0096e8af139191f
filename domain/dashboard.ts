import { ok } from './api';
import { appointmentRow } from './appointment-replies';
import { BUILTIN_STATUSES } from './appointments';
import { addDays, minutesOfDay, timeOfMinutes, weekdayOf } from './dates';
import { dayField } from './fields';
import { z } from './zod-setup';

/** Dashboard texts (SPEC §2, §8). */
export const DASHBOARD_MESSAGES = {
  noPending: 'Nu sunt programari in asteptare',
  rangeOrder: 'Sfârșitul intervalului trebuie să fie după începutul lui.',
  rangeTooLong: 'Intervalul cerut este prea lung (cel mult 100 de zile).',
  rangeRequired: 'Trimiteți date (o zi din interval) sau start și end.',
  perDay: 'Programările pe zi (perDay) trebuie să fie un număr întreg între 1 și 20.',
  includeInactive: 'includeInactive trebuie să fie true sau false.',
} as const;

/** The Messages card shows this when there is no pending count (SPEC §2). */
export const MESSAGES_FALLBACK = 25;
/** Weeks before and after the current one in the weekly chart. */
export const WEEKS_BEFORE = 8;
export const WEEKS_AFTER = 8;
export const MAX_RANGE_DAYS = 100;

/** Accepts FullCalendar's ISO start/end (with a time part) by keeping the day. */
const dayOrInstant = z.preprocess((v) => (typeof v === 'string' ? v.slice(0, 10) : v), dayField);

/** The most events per day a capped answer may be asked for. */
export const MAX_PER_DAY = 20;
const perDay = z
  .number({ error: DASHBOARD_MESSAGES.perDay })
  .int({ error: DASHBOARD_MESSAGES.perDay })
  .min(1, { error: DASHBOARD_MESSAGES.perDay })
  .max(MAX_PER_DAY, { error: DASHBOARD_MESSAGES.perDay });

/**
 * The range's fields and check, for bodies that carry a range and more (calendars.ts), with what
 * the view shows (docs/decisions/0043-calendar-month-as-shown.md): `perDay` (the month grid) keeps
 * each day's first events in display order and counts the rest; `includeInactive: false` leaves
 * out the appointments that do not happen. Without them the answer has every event, as before.
 */
export const calendarRangeShape = {
  date: dayOrInstant.optional(),
  start: dayOrInstant.optional(),
  end: dayOrInstant.optional(),
  perDay: perDay.optional(),
  includeInactive: z.boolean({ error: DASHBOARD_MESSAGES.includeInactive }).optional(),
};
type RangeFields = { date?: string; start?: string; end?: string };
/** What a calendar view asks for besides the range (see calendarRangeShape). */
export type ViewFilter = { perDay?: number; includeInactive?: boolean };
export function checkRange(v: RangeFields, ctx: z.RefinementCtx) {
  if (v.start && v.end) {
    if (v.end <= v.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: DASHBOARD_MESSAGES.rangeOrder });
    const days = (Date.parse(v.end) - Date.parse(v.start)) / 86_400_000;
    if (days > MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: DASHBOARD_MESSAGES.rangeTooLong });
  } else if (!v.date) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: DASHBOARD_MESSAGES.rangeRequired });
  }
}

/**
 * A visible calendar range: `date` (any day of it: the month around that day is used) or
 * `start` + `end` where `end` is exclusive, as FullCalendar and iCalendar give it.
 */
export const calendarRangeSchema = z.strictObject(calendarRangeShape).superRefine(checkRange);

export type CalendarRange = z.infer<typeof calendarRangeSchema>;

/** How many pending appointments the dashboard lists: the server's limit and the placeholder's rows. */
export const LATEST_APPOINTMENTS = 10;

/** A pending appointment on the dashboard: the appointments list's patient and doctor, its day and time. */
export const lastAppointment = appointmentRow
  .pick({ id: true, patient: true, patient_phone: true, patient_email: true, doctor: true })
  .extend({ date: z.string().nullable(), time: z.string().nullable() });
export type LastAppointment = z.infer<typeof lastAppointment>;

export const dashboardStats = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  rescheduled: z.number().int(),
  last_appointments: z.array(lastAppointment),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

/** One appointment as a calendar event; start/end are Europe/Bucharest wall-clock times. */
export const calendarEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
  status_title: z.string().nullable(),
  patient: z.string(),
  doctor: z.string().nullable(),
  calendar: z.string().nullable(),
  /**
   * False for an appointment that does not happen (a status "without appointment", e.g.
   * "Anulat de pacient"): drawn struck through behind a switch and not counted.
   */
  active: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

/** A day whose events were cut by `perDay`: how many more it has (of those asked for). */
export const dayMore = z.object({ date: z.string(), count: z.number().int() });
export type DayMore = z.infer<typeof dayMore>;
/** The range's appointments that happen and those that do not, whatever was sent. */
export const eventCounts = z.object({ active: z.number().int(), inactive: z.number().int() });
export type EventCounts = z.infer<typeof eventCounts>;

export const WEEKLY_STATUSES = [...BUILTIN_STATUSES, 'custom'] as const;
export type WeeklyStatus = (typeof WEEKLY_STATUSES)[number];
/** Appointments per week (Monday) and status. */
export const weekCounts = z.object({
  week: z.string(),
  ...(Object.fromEntries(WEEKLY_STATUSES.map((st) => [st, z.number().int()])) as Record<
    WeeklyStatus,
    z.ZodNumber
  >),
});
export type WeekCounts = z.infer<typeof weekCounts>;

// ------------------------------------------------------------------ replies (route `response`)

export const dashboardStatsReply = ok({ stats: dashboardStats });
export type DashboardStatsReply = z.infer<typeof dashboardStatsReply>;
export const dashboardCalendarReply = ok({
  start: z.string(),
  end: z.string(),
  /** The appointments that happen in the range (counts.active). */
  count: z.number().int(),
  appointments: z.array(calendarEvent),
  more: z.array(dayMore),
  counts: eventCounts,
});
export type DashboardCalendarReply = z.infer<typeof dashboardCalendarReply>;
export const weeklyCountsReply = ok({ currentWeek: z.string(), weeks: z.array(weekCounts) });
export type WeeklyCountsReply = z.infer<typeof weeklyCountsReply>;

/**
 * The [start, end) days a range stands for. A lone `date` means the month grid around it: from
 * the Monday on or before the 1st, six weeks long, so the adjacent days the grid shows are in.
 */
export function resolveRange(r: CalendarRange): { start: string; end: string } {
  if (r.start && r.end) return { start: r.start, end: r.end };
  const first = `${(r.date as string).slice(0, 7)}-01`;
  const start = addDays(first, -((weekdayOf(first) + 6) % 7)); // back to Monday
  return { start, end: addDays(start, 42) };
}

/** "HH:MM" plus minutes, within the day (a slot never crosses midnight). */
export function addMinutes(time: string, minutes: number): string {
  return timeOfMinutes(Math.min(minutesOfDay(time) + minutes, 23 * 60 + 59));
}

/** How long an event lasts when no availability entry starts at its time. */
export const DEFAULT_EVENT_MINUTES = 30;

/**
 * Where an event starting at `time` ends, on every calendar view and in the iCalendar feed: where
 * its calendar's availability entry starting then ends, else 30 minutes later (also when the
 * entry would end before it starts). Both times are "HH:MM".
 */
export function eventEnd(time: string, availabilityEnd: string | null): string {
  return availabilityEnd && availabilityEnd > time
    ? availabilityEnd
    : addMinutes(time, DEFAULT_EVENT_MINUTES);
}

// ------------------------------------------------------------------ the patient journey (issue 15)

/** Days back over which the no-show rates are counted. */
export const NO_SHOW_WINDOW_DAYS = 90;
/** Public requests without an answer for this long are surfaced: the page promises 48 hours. */
export const NEAR_DEADLINE_HOURS = 36;

const noShowGroup = z.object({
  /** Doctor or calendar; null: without one. */
  id: z.union([z.string(), z.number()]).nullable(),
  name: z.string().nullable(),
  /** Appointments with a slot in the window (past days), no-shows among them. */
  total: z.number().int(),
  no_shows: z.number().int(),
  /** The same for those whose patient confirmed on the self-service page, and for the others. */
  confirmed_total: z.number().int(),
  confirmed_no_shows: z.number().int(),
});
export type NoShowGroup = z.infer<typeof noShowGroup>;

export const journeyFiguresReply = ok({
  window: z.object({ from: z.string(), to: z.string() }),
  no_show: z.object({
    overall: noShowGroup,
    by_doctor: z.array(noShowGroup),
    by_calendar: z.array(noShowGroup),
  }),
  near_deadline: z.object({ count: z.number().int(), hours: z.number().int() }),
});
export type JourneyFigures = z.infer<typeof journeyFiguresReply>;

/** A rate as the dashboard shows it: "12 %" or "–" when there is nothing to count. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((100 * part) / whole)} %` : '–';
}
