/** SQL of the signed-in user's time off and calendar-feed token (tables time_off, calendar_feed_tokens). */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { TimeOffPeriod } from '../../../domain/my-account';
import type { Db } from '../../db/client';
import { calendarFeedTokens, timeOff } from '../../db/schema/my-account';
import { staffMember } from '../../platform/auth';

const periodColumns = { id: timeOff.id, from: timeOff.fromDate, to: timeOff.toDate };

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

/** The user's periods that share at least a day with [from, to], other than `exceptId`. */
export function overlapping(db: Db, userId: string, from: string, to: string, exceptId?: number) {
  const where = [eq(timeOff.userId, userId), lte(timeOff.fromDate, to), gte(timeOff.toDate, from)];
  if (exceptId) where.push(ne(timeOff.id, exceptId));
  return db
    .select(periodColumns)
    .from(timeOff)
    .where(and(...where));
}

export async function insertTimeOff(db: Db, userId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .insert(timeOff)
    .values({ userId, fromDate: from, toDate: to })
    .returning({ id: timeOff.id });
  return row.id;
}

export async function updateTimeOff(db: Db, userId: string, id: number, from: string, to: string) {
  await db
    .update(timeOff)
    .set({ fromDate: from, toDate: to })
    .where(and(eq(timeOff.id, id), eq(timeOff.userId, userId)));
}

/** Deletes one of the user's periods; answers it, or null when it is not theirs or not there. */
export async function deleteTimeOff(db: Db, userId: string, id: number): Promise<TimeOffPeriod | null> {
  const [row] = await db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.userId, userId)))
    .returning(periodColumns);
  return row ?? null;
}

// ------------------------------------------------------------------ calendar feed token

/** Only the SHA-256 of a feed token is stored, so a database leak reveals no working feed URL. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function feedState(db: Db, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeedTokens.createdAt })
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId));
  return row ?? null;
}

/** Creates or rotates the user's feed token (the old one stops working); returns the token, shown once. */
export async function rotateFeedToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await db
    .insert(calendarFeedTokens)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { tokenHash, createdAt: new Date() } });
  return token;
}

export async function revokeFeedToken(db: Db, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId))
    .returning({ userId: calendarFeedTokens.userId });
  return deleted.length > 0;
}

/** The active, authorised account a feed token belongs to, or null. */
export async function feedOwner(db: Db, token: string) {
  const [row] = await db
    .select({ userId: calendarFeedTokens.userId })
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.tokenHash, hashToken(token)));
  const owner = row ? await staffMember(db, row.userId) : null;
  return owner?.active && owner.authorized ? { userId: row!.userId, name: owner.name } : null;
}
