/**
 * Slot computation (SPEC §4 "Set-appointment times", DESIGN §6 "No double booking"), pure so the
 * browser's pickers and the server's checks agree. Dates are local calendar dates (YYYY-MM-DD) and
 * times HH:MM in Europe/Bucharest; "today" is always taken in Europe/Bucharest from an explicit
 * instant, whatever the process TZ.
 */
import { MAX_MONTHS_AHEAD } from './appointments';
import { addDays, addMonths, hhmm, weekdayOf } from './dates';

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** One availability entry: a bookable interval starting at `from` on a weekday (0 = Sunday). */
export type AvailabilityEntry = { weekday: number; from: string; to: string };
/** An inclusive range of days (calendar unavailable days, doctor time off). */
export type DayRange = { from: string; to: string };
export type TimeOption = { value: string; label: string };

/** The last bookable day: today plus 60 months. */
export function lastBookableDay(today: string): string {
  return addMonths(today, MAX_MONTHS_AHEAD);
}

export function inRanges(date: string, ranges: readonly DayRange[]): boolean {
  return ranges.some((r) => r.from <= date && date <= r.to);
}

/** Every day of `ranges` clipped to [from, to], sorted, without duplicates. */
export function expandRanges(ranges: readonly DayRange[], from: string, to: string): string[] {
  const days = new Set<string>();
  for (const r of ranges) {
    let d = r.from > from ? r.from : from;
    const end = r.to < to ? r.to : to;
    while (d <= end) {
      days.add(d);
      d = addDays(d, 1);
    }
  }
  return [...days].sort();
}

/**
 * The times offered on `date`: that weekday's availability entries minus the starts already
 * taken that day, each shown "start - end" with the start as value. Nothing on a day that is
 * unavailable, in the doctor's time off, or outside today..+60 months.
 */
export function availableTimes(args: {
  date: string;
  today: string;
  availability: readonly AvailabilityEntry[];
  taken: readonly string[];
  unavailable?: readonly DayRange[];
  timeOff?: readonly DayRange[];
}): TimeOption[] {
  if (dayRefusal(args) !== null) return [];
  const taken = new Set(args.taken.map(hhmm));
  const weekday = weekdayOf(args.date);
  const options = new Map<string, TimeOption>();
  for (const a of args.availability) {
    const from = hhmm(a.from);
    if (a.weekday !== weekday || taken.has(from) || options.has(from)) continue;
    options.set(from, { value: from, label: `${from} - ${hhmm(a.to)}` });
  }
  return [...options.values()].sort((a, b) => a.value.localeCompare(b.value));
}

export type SlotRefusal = 'outOfRange' | 'unavailableDay' | 'doctorTimeOff' | 'outsideAvailability' | 'taken';

/** Why a whole day cannot be booked, or null. */
export function dayRefusal(args: {
  date: string;
  today: string;
  unavailable?: readonly DayRange[];
  timeOff?: readonly DayRange[];
}): SlotRefusal | null {
  if (args.date < args.today || args.date > lastBookableDay(args.today)) return 'outOfRange';
  if (inRanges(args.date, args.unavailable ?? [])) return 'unavailableDay';
  if (inRanges(args.date, args.timeOff ?? [])) return 'doctorTimeOff';
  return null;
}

/** Why (date, time) cannot be booked, or null when it can. The database still has the last word. */
export function slotRefusal(args: {
  date: string;
  time: string;
  today: string;
  availability: readonly AvailabilityEntry[];
  taken?: readonly string[];
  unavailable?: readonly DayRange[];
  timeOff?: readonly DayRange[];
}): SlotRefusal | null {
  const day = dayRefusal(args);
  if (day) return day;
  const weekday = weekdayOf(args.date);
  const time = hhmm(args.time);
  if (!args.availability.some((a) => a.weekday === weekday && hhmm(a.from) === time))
    return 'outsideAvailability';
  if ((args.taken ?? []).some((t) => hhmm(t) === time)) return 'taken';
  return null;
}

/**
 * The starts a modal's time picker must leave out on `date`: the calendar's booked times that
 * day, except the slot the edited appointment already holds (it is offered again).
 */
export function takenStarts(args: {
  date: string;
  calendarId: number | null;
  booked: readonly { selected_date: string | null; selected_time: string | null }[];
  own?: { calendar_id: number; date: string; time: string } | null;
}): string[] {
  const { date, calendarId, own } = args;
  const isOwn = (t: string) =>
    !!own && own.calendar_id === calendarId && own.date === date && hhmm(own.time) === hhmm(t);
  return args.booked
    .filter((a) => a.selected_date === date && a.selected_time !== null)
    .map((a) => a.selected_time as string)
    .filter((t) => !isOwn(t));
}

/** A day the date picker greys out: an unavailable day, the doctor's time off, or a weekday without entries. */
export function isClosedDay(
  date: string,
  closed: {
    unavailable: ReadonlySet<string>;
    timeOff: readonly DayRange[];
    openWeekdays: ReadonlySet<number>;
  },
): boolean {
  return (
    closed.unavailable.has(date) ||
    inRanges(date, closed.timeOff) ||
    !closed.openWeekdays.has(weekdayOf(date))
  );
}
