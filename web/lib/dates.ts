/**
 * Dates as the clinic sees them (DESIGN §6 "Time"): shown DD.MM.YYYY, sent YYYY-MM-DD, and
 * "today" computed in Europe/Bucharest whatever the browser's own time zone is.
 */

export const CLINIC_TIME_ZONE = 'Europe/Bucharest';

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The clinic's wall-clock parts of an instant. */
export function bucharestParts(at: Date = new Date()) {
  const p: Record<string, string> = {};
  for (const { type, value } of partsFormatter.formatToParts(at)) p[type] = value;
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    seconds: p.second,
  };
}

/** Today in Europe/Bucharest as YYYY-MM-DD. */
export function todayInBucharest(at: Date = new Date()): string {
  return bucharestParts(at).date;
}

/** YYYY-MM-DD of a calendar day (a `date` column or a timestamp, read in Europe/Bucharest). */
function toDay(value: string | Date): string | null {
  if (typeof value === 'string') {
    const m = DAY_ONLY.exec(value.slice(0, 10));
    // A bare day, or a timestamp? Bare days must never shift through time zones.
    if (m && value.length === 10) return value;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : todayInBucharest(d);
  }
  return Number.isNaN(value.getTime()) ? null : todayInBucharest(value);
}

/** DD.MM.YYYY (or with another separator, e.g. '/' for DD/MM/YYYY); '' for an empty value. */
export function formatDate(value: string | Date | null | undefined, separator = '.'): string {
  if (!value) return '';
  const day = toDay(value);
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return [d, m, y].join(separator);
}

/** 'HH:MM' from 'HH:MM' or 'HH:MM:SS'. */
export function formatTime(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : '';
}

/** 'DD.MM.YYYY HH:MM' of a timestamp, in Europe/Bucharest. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const { date, time } = bucharestParts(d);
  return `${formatDate(date)} ${time}`;
}

/** YYYY-MM-DD of a browser-local Date (date pickers), without a UTC shift. */
export function toApiDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Adds whole days to a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}
