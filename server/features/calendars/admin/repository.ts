/**
 * SQL of the calendars' administration (superadmins, admin-service.ts): calendars, their weekly
 * availability and unavailable days. A calendar's lock orders the writes to one calendar.
 */
import { and, asc, count, eq, gt, lt, ne } from 'drizzle-orm';
import type {
  AdminCalendar,
  AvailabilityInput,
  CalendarInput,
  UnavailableDaysInput,
} from '../../../../domain/admin';
import { hhmm } from '../../../../domain/dates';
import type { Db } from '../../../db/client';
import { calendarAvailability, calendars, calendarUnavailableDays } from '../../../db/schema/calendars';
import { appointmentFacts } from '../../../db/views';

/** Every calendar with its availability entries, unavailable days and how many appointments use it. */
export async function listCalendarsForAdmin(db: Db): Promise<AdminCalendar[]> {
  const [cals, avail, days, used] = await Promise.all([
    db.select().from(calendars).orderBy(asc(calendars.id)),
    db
      .select()
      .from(calendarAvailability)
      .orderBy(asc(calendarAvailability.weekday), asc(calendarAvailability.fromTime)),
    db.select().from(calendarUnavailableDays).orderBy(asc(calendarUnavailableDays.fromDate)),
    db
      .select({ calendarId: appointmentFacts.calendarId, n: count() })
      .from(appointmentFacts)
      .groupBy(appointmentFacts.calendarId),
  ]);
  return cals.map((c) => ({
    id: c.id,
    title: c.title,
    publicRequests: c.publicRequests,
    dailyCapacity: c.dailyCapacity,
    remote: c.remote,
    appointments: Number(used.find((u) => u.calendarId === c.id)?.n ?? 0),
    availability: avail
      .filter((a) => a.calendarId === c.id)
      .map((a) => ({ id: a.id, weekday: a.weekday, from: hhmm(a.fromTime), to: hhmm(a.toTime) })),
    unavailableDays: days
      .filter((d) => d.calendarId === c.id)
      .map((d) => ({ id: d.id, from: d.fromDate, to: d.toDate, reason: d.reason })),
  }));
}

/** The calendar, locked until the transaction ends (writes to one calendar run one at a time). */
export async function lockCalendar(tx: Db, id: number) {
  const [c] = await tx.select().from(calendars).where(eq(calendars.id, id)).for('update');
  return c;
}

/** Takes public requests away from every calendar but `id`. */
export async function clearOtherPublic(tx: Db, id: number) {
  await tx
    .update(calendars)
    .set({ publicRequests: false })
    .where(and(eq(calendars.publicRequests, true), ne(calendars.id, id)));
}

type CalendarValues = Omit<CalendarInput, 'remote'> & { remote: boolean };

const calendarValues = (input: CalendarValues) => ({
  title: input.title,
  publicRequests: input.publicRequests,
  dailyCapacity: input.dailyCapacity,
  remote: input.remote,
});

export async function insertCalendar(tx: Db, input: CalendarValues): Promise<number> {
  const [c] = await tx.insert(calendars).values(calendarValues(input)).returning({ id: calendars.id });
  return c.id;
}

export async function updateCalendar(tx: Db, id: number, input: CalendarValues) {
  await tx.update(calendars).set(calendarValues(input)).where(eq(calendars.id, id));
}

export async function appointmentCount(tx: Db, calendarId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(appointmentFacts)
    .where(eq(appointmentFacts.calendarId, calendarId));
  return Number(n);
}

export async function deleteCalendar(tx: Db, id: number) {
  await tx.delete(calendars).where(eq(calendars.id, id));
}

/** Whether an entry of the same weekday overlaps [from, to) (touching ends do not overlap). */
export async function availabilityOverlaps(
  tx: Db,
  calendarId: number,
  input: AvailabilityInput,
  exceptId?: number,
): Promise<boolean> {
  const [clash] = await tx
    .select({ id: calendarAvailability.id })
    .from(calendarAvailability)
    .where(
      and(
        eq(calendarAvailability.calendarId, calendarId),
        eq(calendarAvailability.weekday, input.weekday),
        lt(calendarAvailability.fromTime, input.to),
        gt(calendarAvailability.toTime, input.from),
        exceptId === undefined ? undefined : ne(calendarAvailability.id, exceptId),
      ),
    )
    .limit(1);
  return !!clash;
}

export async function insertAvailability(
  tx: Db,
  calendarId: number,
  input: AvailabilityInput,
): Promise<number> {
  const [row] = await tx
    .insert(calendarAvailability)
    .values({ calendarId, weekday: input.weekday, fromTime: input.from, toTime: input.to })
    .returning({ id: calendarAvailability.id });
  return row.id;
}

/** True when the entry exists in that calendar (and was changed). */
export async function updateAvailability(
  tx: Db,
  calendarId: number,
  entryId: number,
  input: AvailabilityInput,
): Promise<boolean> {
  const done = await tx
    .update(calendarAvailability)
    .set({ weekday: input.weekday, fromTime: input.from, toTime: input.to })
    .where(and(eq(calendarAvailability.id, entryId), eq(calendarAvailability.calendarId, calendarId)))
    .returning({ id: calendarAvailability.id });
  return done.length > 0;
}

/** The deleted entry, or undefined when the calendar has no such entry. */
export async function deleteAvailability(tx: Db, calendarId: number, entryId: number) {
  const [done] = await tx
    .delete(calendarAvailability)
    .where(and(eq(calendarAvailability.id, entryId), eq(calendarAvailability.calendarId, calendarId)))
    .returning();
  return done;
}

export async function insertUnavailableDays(
  tx: Db,
  calendarId: number,
  input: UnavailableDaysInput,
): Promise<number> {
  const [row] = await tx
    .insert(calendarUnavailableDays)
    .values({ calendarId, fromDate: input.from, toDate: input.to, reason: input.reason || null })
    .returning({ id: calendarUnavailableDays.id });
  return row.id;
}

/** The deleted range, or undefined when the calendar has no such range. */
export async function deleteUnavailableDays(tx: Db, calendarId: number, rangeId: number) {
  const [done] = await tx
    .delete(calendarUnavailableDays)
    .where(and(eq(calendarUnavailableDays.id, rangeId), eq(calendarUnavailableDays.calendarId, calendarId)))
    .returning();
  return done;
}
