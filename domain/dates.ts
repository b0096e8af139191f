/**
 * The one date module (DESIGN §6 "Time"): browser, server, demo data, bench and browser tests
 * all compute days here. The clinic's clock is Europe/Bucharest whatever the process TZ.
 *
 * - A *day* is a calendar date written YYYY-MM-DD; day arithmetic never involves a time zone.
 * - A *time* is HH:MM (a database `time` may carry :SS; `hhmm` drops it).
 * - "Today", "now" and weekdays of an instant are read in Europe/Bucharest.
 * - Shown to people as DD.MM.YYYY (SPEC §9), sent on the wire as YYYY-MM-DD (DESIGN §5).
 */

export const CLINIC_TIME_ZONE = 'Europe/Bucharest';
/** A day on the wire (shape only; `isRealDate` also checks the calendar). */
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A time on the wire: HH:MM, optionally :SS. */
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const pad = (n: number, len = 2) => String(n).padStart(len, '0');

/**
 * Built on first use, not at import: the first date formatter of a page loads the browser's
 * time-zone data (20-35 ms on a desktop, four times that on a phone), and the public form's
 * first render needs no clinic time (docs/decisions/0066-public-form-first-render.md).
 */
let partsFormatter: Intl.DateTimeFormat | undefined;
const clinicFormatter = () =>
  (partsFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: CLINIC_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/**
 * Day and HH:MM of each UTC minute already formatted. Europe/Bucharest is a whole number of hours
 * from UTC, so one minute has one wall-clock day and time and its seconds are UTC's; a request
 * asks for "today" and "now" several times, and formatToParts is the slow part (issue 17). Before
 * 1970 (local mean time, offsets in seconds) nothing is cached.
 */
const minuteParts = new Map<number, { date: string; time: string }>();

/** The clinic's wall-clock parts of an instant: day YYYY-MM-DD, time HH:MM, seconds SS. */
export function clinicParts(at: Date) {
  const ms = at.getTime();
  const minute = Math.floor(ms / 60_000);
  const cached = ms >= 0 ? minuteParts.get(minute) : undefined;
  if (cached) return { ...cached, seconds: pad(Math.floor((ms - minute * 60_000) / 1000)) };
  const p: Record<string, string> = {};
  for (const { type, value } of clinicFormatter().formatToParts(at)) p[type] = value; // throws on an invalid Date
  const dt = { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  if (ms >= 0) {
    if (minuteParts.size >= 1024) minuteParts.clear();
    minuteParts.set(minute, dt);
  }
  return { ...dt, seconds: p.second };
}

/** YYYY-MM-DD of an instant in Europe/Bucharest. */
export function clinicToday(now: Date): string {
  return clinicParts(now).date;
}

/** HH:MM of an instant in Europe/Bucharest. */
export function clinicTime(now: Date): string {
  return clinicParts(now).time;
}

/** Minutes Europe/Bucharest is ahead of UTC at an instant (120 or 180). */
function offsetMinutesAt(ms: number): number {
  const { date, time, seconds } = clinicParts(new Date(ms));
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return (Date.UTC(y, m - 1, d, h, min, Number(seconds)) - Math.floor(ms / 1000) * 1000) / 60_000;
}

/** The instant of a Europe/Bucharest wall-clock day and time (HH:MM). */
export function clinicInstant(date: string, time = '00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  // Two passes settle the offset also around the daylight-saving changes.
  let ms = asUtc - offsetMinutesAt(asUtc) * 60_000;
  ms = asUtc - offsetMinutesAt(ms) * 60_000;
  return new Date(ms);
}

/** True when year, month (1-12) and day make a date that exists. */
export function isRealYmd(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isRealDate(day: string): boolean {
  if (!DATE_RE.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number);
  return isRealYmd(y, m, d);
}

const fromDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const toDay = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** 0 = Sunday ... 6 = Saturday of a day, independent of any time zone. */
export function weekdayOf(day: string): number {
  return fromDay(day).getUTCDay();
}

export function isWeekend(day: string): boolean {
  const w = weekdayOf(day);
  return w === 0 || w === 6;
}

export function addDays(day: string, days: number): string {
  const d = fromDay(day);
  d.setUTCDate(d.getUTCDate() + days);
  return toDay(d);
}

/** Adds whole months, clamping the day to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return toDay(first);
}

/** Adds whole years, keeping the calendar day (29 February falls back to the 28th). */
export function addYears(day: string, years: number): string {
  return addMonths(day, 12 * years);
}

/** The first weekday (Monday-Friday) after `day`. */
export function nextWeekday(day: string): string {
  let d = addDays(day, 1);
  while (isWeekend(d)) d = addDays(d, 1);
  return d;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((fromDay(to).getTime() - fromDay(from).getTime()) / 86_400_000);
}

/** 'HH:MM' from 'HH:MM' or 'HH:MM:SS'; '' for an empty value. */
export function hhmm(time: string | null | undefined): string {
  return time ? time.slice(0, 5) : '';
}

/** Minutes since midnight of 'HH:MM' (or 'HH:MM:SS'). */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** 'HH:MM' of minutes since midnight. */
export function timeOfMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The day of a value: a bare day stays as it is, a timestamp is read in Europe/Bucharest. */
function dayOf(value: string | Date): string | null {
  if (typeof value === 'string') {
    if (value.length === 10 && DATE_RE.test(value)) return value;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : clinicToday(d);
  }
  return Number.isNaN(value.getTime()) ? null : clinicToday(value);
}

/** DD.MM.YYYY (SPEC §9; '/' gives DD/MM/YYYY) of a day or a timestamp; '' for an empty value. */
export function formatDay(value: string | Date | null | undefined, separator = '.'): string {
  if (!value) return '';
  const day = dayOf(value);
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return [d, m, y].join(separator);
}

/** 'DD.MM.YYYY HH:MM' of a timestamp, in Europe/Bucharest; '' for an empty value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const { date, time } = clinicParts(d);
  return `${formatDay(date)} ${time}`;
}

/** YYYY-MM-DD of a DD.MM.YYYY text, or null when it is not a real date. */
export function parseDisplayDay(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[3]}-${m[2]}-${m[1]}`;
  return isRealDate(day) ? day : null;
}
