/** SQL of the signed-in user's time off and calendar-feed token. */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { hhmm } from '../../../domain/dates';
import type { AffectedAppointment, TimeOffPeriod } from '../../../domain/my-account';
import type { Db } from '../../db/client';
import { appointments, calendars, patients, timeOff, users, verifications } from '../../db/schema';

export const periodColumns = { id: timeOff.id, from: timeOff.fromDate, to: timeOff.toDate };

export function listTimeOff(db: Db, userId: string): Promise<TimeOffPeriod[]> {
  return db
    .select(periodColumns)
    .from(timeOff)
    .where(eq(timeOff.userId, userId))
    .orderBy(asc(timeOff.fromDate));
}

export async function findTimeOff(db: Db, userId: string, id: number): Promise<TimeOffPeriod | null> {
  const [row] = await db
    .select(periodColumns)
    .from(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.userId, userId)));
  return row ?? null;
}

/**
 * Serialises the time-off writes of one user: the overlap check and the write then run as one
 * step even on several nodes (the row lock is held until the transaction ends).
 */
export async function lockUser(tx: Db, userId: string) {
  await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
}

/** The user's periods that share at least a day with [from, to], other than `exceptId`. */
export function overlapping(db: Db, userId: string, from: string, to: string, exceptId?: number) {
  const where = [eq(timeOff.userId, userId), lte(timeOff.fromDate, to), gte(timeOff.toDate, from)];
  if (exceptId) where.push(ne(timeOff.id, exceptId));
  return db
    .select(periodColumns)
    .from(timeOff)
    .where(and(...where));
}

/** The doctor's slot-holding appointments on [from, to]: allowed, but listed so they get moved. */
export async function appointmentsIn(
  db: Db,
  doctorId: string,
  from: string,
  to: string,
): Promise<AffectedAppointment[]> {
  const rows = await db
    .select({
      id: appointments.id,
      patient: patients.name,
      date: appointments.selectedDate,
      time: appointments.selectedTime,
      calendar: calendars.title,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(calendars, eq(calendars.id, appointments.calendarId))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.holdsSlot, true),
        gte(appointments.selectedDate, from),
        lte(appointments.selectedDate, to),
      ),
    )
    .orderBy(asc(appointments.selectedDate), asc(appointments.selectedTime));
  return rows.map((r) => ({ ...r, date: r.date as string, time: r.time ? hhmm(r.time) : '' }));
}

// ------------------------------------------------------------------ calendar feed token

/**
 * The feed token is kept only as a SHA-256 hash in better-auth's `verifications` table
 * (identifier `ics:<userId>`), so a database leak does not reveal working feed URLs.
 */
export const feedIdentifier = (userId: string) => `ics:${userId}`;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const NEVER = new Date('2999-12-31T00:00:00Z');

export async function feedState(db: Db, userId: string) {
  const [row] = await db
    .select({ createdAt: verifications.createdAt })
    .from(verifications)
    .where(eq(verifications.identifier, feedIdentifier(userId)));
  return row ?? null;
}

/** Creates or rotates the user's feed token; returns the token, shown once. */
export async function rotateFeedToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(verifications).where(eq(verifications.identifier, feedIdentifier(userId)));
  await db.insert(verifications).values({
    id: randomBytes(16).toString('hex'),
    identifier: feedIdentifier(userId),
    value: hashToken(token),
    expiresAt: NEVER,
  });
  return token;
}

export async function revokeFeedToken(db: Db, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(verifications)
    .where(eq(verifications.identifier, feedIdentifier(userId)))
    .returning({ id: verifications.id });
  return deleted.length > 0;
}

/** The active account a feed token belongs to, or null. */
export async function feedOwner(db: Db, token: string) {
  const [row] = await db
    .select({ userId: users.id, name: users.name, active: users.active, authorized: users.authorized })
    .from(verifications)
    .innerJoin(users, sql`${verifications.identifier} = 'ics:' || ${users.id}`)
    .where(and(eq(verifications.value, hashToken(token)), sql`${verifications.identifier} like 'ics:%'`));
  return row?.active && row.authorized ? row : null;
}
