/** The calendars themselves: the tabs, one calendar's facts for booking rules, the public one. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarAvailability, calendars, calendarUnavailableDays } from '../../db/schema/calendars';

/** Every calendar, in creation order (one tab each). */
export function listCalendars(db: Db) {
  return db.select({ id: calendars.id, title: calendars.title }).from(calendars).orderBy(asc(calendars.id));
}

/** A calendar's title (the place a message names); null for none or an unknown one. */
export async function calendarTitle(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ title: calendars.title }).from(calendars).where(eq(calendars.id, id));
  return row?.title ?? null;
}

/**
 * The place a message names and whether the calendar's consultations are remote (a call, not a
 * visit: how the message is worded); null for none or an unknown calendar.
 */
export async function calendarPlace(
  db: Db,
  id: number | null,
): Promise<{ title: string; remote: boolean } | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ title: calendars.title, remote: calendars.remote })
    .from(calendars)
    .where(eq(calendars.id, id));
  return row ?? null;
}

/** The calendar with its weekly availability and unavailable days (the booking rules); null when unknown. */
export async function calendarFacts(db: Db, calendarId: number) {
  const [cal] = await db.select().from(calendars).where(eq(calendars.id, calendarId));
  if (!cal) return null;
  const [availability, unavailable] = await Promise.all([
    db
      .select({
        weekday: calendarAvailability.weekday,
        from: calendarAvailability.fromTime,
        to: calendarAvailability.toTime,
      })
      .from(calendarAvailability)
      .where(eq(calendarAvailability.calendarId, calendarId))
      .orderBy(asc(calendarAvailability.weekday), asc(calendarAvailability.fromTime)),
    db
      .select({ from: calendarUnavailableDays.fromDate, to: calendarUnavailableDays.toDate })
      .from(calendarUnavailableDays)
      .where(eq(calendarUnavailableDays.calendarId, calendarId)),
  ]);
  return { calendar: cal, availability, unavailable };
}
