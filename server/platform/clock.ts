/** The current time, replaceable in tests (session lifetimes, "today" rules). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** YYYY-MM-DD of an instant in Europe/Bucharest, whatever the process TZ. */
export function bucharestDate(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Bucharest',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** HH:MM of an instant in Europe/Bucharest. */
export function bucharestTime(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Bucharest',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}
