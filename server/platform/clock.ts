/**
 * The current time, replaceable in tests (session lifetimes, "today" rules). Days and times of
 * an instant in Europe/Bucharest come from domain/dates.ts.
 */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
