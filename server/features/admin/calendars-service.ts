/**
 * Calendars, their weekly availability (one entry = one bookable interval, DESIGN §6) and their
 * unavailable days. Writes to one calendar lock its row first, so two superadmins adding
 * overlapping entries at the same moment cannot both pass the overlap check.
 */
import { and, asc, count, eq, gt, lt, ne } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  type AdminCalendar,
  type AvailabilityInput,
  type CalendarInput,
  type UnavailableDaysInput,
} from '../../../domain/admin';
import { hhmm } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { appointments, calendarAvailability, calendars, calendarUnavailableDays } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';

export async function listCalendars(db: Db): Promise<AdminCalendar[]> {
  const [cals, avail, days, used] = await Promise.all([
    db.select().from(calendars).orderBy(asc(calendars.id)),
    db
      .select()
      .from(calendarAvailability)
      .orderBy(asc(calendarAvailability.weekday), asc(calendarAvailability.fromTime)),
    db.select().from(calendarUnavailableDays).orderBy(asc(calendarUnavailableDays.fromDate)),
    db
      .select({ calendarId: appointments.calendarId, n: count() })
      .from(appointments)
      .groupBy(appointments.calendarId),
  ]);
  return cals.map((c) => ({
    id: c.id,
    title: c.title,
    publicRequests: c.publicRequests,
    dailyCapacity: c.dailyCapacity,
    appointments: Number(used.find((u) => u.calendarId === c.id)?.n ?? 0),
    availability: avail
      .filter((a) => a.calendarId === c.id)
      .map((a) => ({ id: a.id, weekday: a.weekday, from: hhmm(a.fromTime), to: hhmm(a.toTime) })),
    unavailableDays: days
      .filter((d) => d.calendarId === c.id)
      .map((d) => ({ id: d.id, from: d.fromDate, to: d.toDate, reason: d.reason })),
  }));
}

async function lockCalendar(tx: Db, id: number) {
  const [c] = await tx.select().from(calendars).where(eq(calendars.id, id)).for('update');
  if (!c) throw notFound(ADMIN_MESSAGES.calendarNotFound);
  return c;
}

/** At most one calendar takes public requests: the others are cleared in the same transaction. */
async function applyPublic(tx: Db, id: number, input: CalendarInput) {
  if (input.publicRequests)
    await tx
      .update(calendars)
      .set({ publicRequests: false })
      .where(and(eq(calendars.publicRequests, true), ne(calendars.id, id)));
}

export async function createCalendar(db: Db, actor: Actor, input: CalendarInput) {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(calendars)
      .values({
        title: input.title,
        publicRequests: input.publicRequests,
        dailyCapacity: input.dailyCapacity,
      })
      .returning({ id: calendars.id });
    await applyPublic(tx, c.id, input);
    await audit(tx, actor, {
      action: 'admin.calendar.create',
      entityType: 'calendar',
      entityId: c.id,
      details: input,
    });
    return c.id;
  });
}

export async function updateCalendar(db: Db, actor: Actor, id: number, input: CalendarInput) {
  await db.transaction(async (tx) => {
    await lockCalendar(tx, id);
    await applyPublic(tx, id, input);
    await tx
      .update(calendars)
      .set({ title: input.title, publicRequests: input.publicRequests, dailyCapacity: input.dailyCapacity })
      .where(eq(calendars.id, id));
    await audit(tx, actor, {
      action: 'admin.calendar.update',
      entityType: 'calendar',
      entityId: id,
      details: input,
    });
  });
}

export async function deleteCalendar(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const c = await lockCalendar(tx, id);
    const [{ n }] = await tx.select({ n: count() }).from(appointments).where(eq(appointments.calendarId, id));
    if (Number(n) > 0) throw conflict(ADMIN_MESSAGES.calendarInUse);
    await tx.delete(calendars).where(eq(calendars.id, id));
    await audit(tx, actor, {
      action: 'admin.calendar.delete',
      entityType: 'calendar',
      entityId: id,
      details: { title: c.title },
    });
  });
}

/** Entries of the same weekday that overlap [from, to) (touching ends do not overlap). */
async function assertNoOverlap(tx: Db, calendarId: number, input: AvailabilityInput, exceptId?: number) {
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
  if (clash) throw conflict(ADMIN_MESSAGES.availabilityOverlap);
}

export async function addAvailability(db: Db, actor: Actor, calendarId: number, input: AvailabilityInput) {
  return db.transaction(async (tx) => {
    await lockCalendar(tx, calendarId);
    await assertNoOverlap(tx, calendarId, input);
    const [row] = await tx
      .insert(calendarAvailability)
      .values({ calendarId, weekday: input.weekday, fromTime: input.from, toTime: input.to })
      .returning({ id: calendarAvailability.id });
    await audit(tx, actor, {
      action: 'admin.availability.create',
      entityType: 'calendar',
      entityId: calendarId,
      details: { ...input, entryId: row.id },
    });
    return row.id;
  });
}

export async function updateAvailability(
  db: Db,
  actor: Actor,
  calendarId: number,
  entryId: number,
  input: AvailabilityInput,
) {
  await db.transaction(async (tx) => {
    await lockCalendar(tx, calendarId);
    await assertNoOverlap(tx, calendarId, input, entryId);
    const done = await tx
      .update(calendarAvailability)
      .set({ weekday: input.weekday, fromTime: input.from, toTime: input.to })
      .where(and(eq(calendarAvailability.id, entryId), eq(calendarAvailability.calendarId, calendarId)))
      .returning({ id: calendarAvailability.id });
    if (done.length === 0) throw notFound(ADMIN_MESSAGES.entryNotFound);
    await audit(tx, actor, {
      action: 'admin.availability.update',
      entityType: 'calendar',
      entityId: calendarId,
      details: { ...input, entryId },
    });
  });
}

export async function deleteAvailability(db: Db, actor: Actor, calendarId: number, entryId: number) {
  await db.transaction(async (tx) => {
    const done = await tx
      .delete(calendarAvailability)
      .where(and(eq(calendarAvailability.id, entryId), eq(calendarAvailability.calendarId, calendarId)))
      .returning();
    if (done.length === 0) throw notFound(ADMIN_MESSAGES.entryNotFound);
    const e = done[0];
    await audit(tx, actor, {
      action: 'admin.availability.delete',
      entityType: 'calendar',
      entityId: calendarId,
      details: { entryId, weekday: e.weekday, from: hhmm(e.fromTime), to: hhmm(e.toTime) },
    });
  });
}

export async function addUnavailableDays(
  db: Db,
  actor: Actor,
  calendarId: number,
  input: UnavailableDaysInput,
) {
  return db.transaction(async (tx) => {
    await lockCalendar(tx, calendarId);
    const [row] = await tx
      .insert(calendarUnavailableDays)
      .values({ calendarId, fromDate: input.from, toDate: input.to, reason: input.reason || null })
      .returning({ id: calendarUnavailableDays.id });
    await audit(tx, actor, {
      action: 'admin.unavailable-days.create',
      entityType: 'calendar',
      entityId: calendarId,
      details: { ...input, rangeId: row.id },
    });
    return row.id;
  });
}

export async function deleteUnavailableDays(db: Db, actor: Actor, calendarId: number, rangeId: number) {
  await db.transaction(async (tx) => {
    const done = await tx
      .delete(calendarUnavailableDays)
      .where(and(eq(calendarUnavailableDays.id, rangeId), eq(calendarUnavailableDays.calendarId, calendarId)))
      .returning();
    if (done.length === 0) throw notFound(ADMIN_MESSAGES.entryNotFound);
    await audit(tx, actor, {
      action: 'admin.unavailable-days.delete',
      entityType: 'calendar',
      entityId: calendarId,
      details: { rangeId, from: done[0].fromDate, to: done[0].toDate, reason: done[0].reason },
    });
  });
}
