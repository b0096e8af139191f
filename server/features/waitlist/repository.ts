/** All SQL of the waitlist (owner: waitlist); the patients, doctors and calendars it names come from their owners' views. */
import { and, asc, eq, gte, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistEntries, waitlistFreeSlots, waitlistOffers } from '../../db/schema/waitlist';
import { calendarTitles, patientCards, staffNames } from '../../db/views';

export type Entry = typeof waitlistEntries.$inferSelect;
export type Offer = typeof waitlistOffers.$inferSelect;
export type FreeSlot = typeof waitlistFreeSlots.$inferSelect;
type SlotKey = { calendarId: number; date: string; time: string };

export async function insertEntry(db: Db, values: typeof waitlistEntries.$inferInsert) {
  const [row] = await db.insert(waitlistEntries).values(values).returning({ id: waitlistEntries.id });
  return row.id;
}

export async function waitingEntryOf(db: Db, patientId: number, calendarId: number) {
  const [row] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.patientId, patientId),
        eq(waitlistEntries.calendarId, calendarId),
        eq(waitlistEntries.state, 'waiting'),
      ),
    );
  return row?.id ?? null;
}

export async function lockEntry(db: Db, id: number): Promise<Entry | null> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
  return row ?? null;
}

export async function setEntry(db: Db, id: number, values: Partial<Pick<Entry, 'state' | 'appointmentId'>>) {
  await db.update(waitlistEntries).set(values).where(eq(waitlistEntries.id, id));
}

/** A calendar's entries still of interest (waiting, or booked from it), oldest first, with their offers. */
export async function listEntries(db: Db, calendarId: number) {
  const entries = await db
    .select({
      id: waitlistEntries.id,
      patientId: waitlistEntries.patientId,
      patientName: patientCards.name,
      doctorId: waitlistEntries.doctorId,
      doctorName: staffNames.name,
      from: waitlistEntries.fromDate,
      to: waitlistEntries.toDate,
      state: waitlistEntries.state,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .innerJoin(patientCards, eq(patientCards.id, waitlistEntries.patientId))
    .leftJoin(staffNames, eq(staffNames.id, waitlistEntries.doctorId))
    .where(
      and(eq(waitlistEntries.calendarId, calendarId), inArray(waitlistEntries.state, ['waiting', 'booked'])),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(500);
  const offers = entries.length
    ? await db
        .select()
        .from(waitlistOffers)
        .where(
          inArray(
            waitlistOffers.entryId,
            entries.map((e) => e.id),
          ),
        )
        .orderBy(asc(waitlistOffers.offeredAt), asc(waitlistOffers.id))
    : [];
  return entries.map((e) => ({ ...e, offers: offers.filter((o) => o.entryId === e.id) }));
}

/**
 * The first waiting entry that may take the slot: same calendar, any doctor or the slot's, the
 * date within its range, no open offer of its own and never offered this slot before (declined
 * or let expire). Locked (skipping entries another node is offering right now).
 */
export async function firstMatchingEntry(
  db: Db,
  slot: { calendarId: number; date: string; time: string; doctorId: string | null },
): Promise<Entry | null> {
  const offered = db
    .select({ one: sql`1` })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.entryId, waitlistEntries.id),
        or(
          eq(waitlistOffers.state, 'open'),
          and(
            eq(waitlistOffers.calendarId, slot.calendarId),
            eq(waitlistOffers.date, slot.date),
            eq(waitlistOffers.time, slot.time),
          ),
        ),
      ),
    );
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.calendarId, slot.calendarId),
        eq(waitlistEntries.state, 'waiting'),
        lte(waitlistEntries.fromDate, slot.date),
        gte(waitlistEntries.toDate, slot.date),
        slot.doctorId
          ? or(isNull(waitlistEntries.doctorId), eq(waitlistEntries.doctorId, slot.doctorId))
          : isNull(waitlistEntries.doctorId),
        notExists(offered),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** A new open offer; null when the slot already has one (the partial unique index decides). */
export async function insertOffer(
  db: Db,
  values: Omit<typeof waitlistOffers.$inferInsert, 'id' | 'state'>,
): Promise<number | null> {
  const [row] = await db
    .insert(waitlistOffers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: waitlistOffers.id });
  return row?.id ?? null;
}

export async function setOfferToken(db: Db, id: number, tokenHash: string) {
  await db.update(waitlistOffers).set({ tokenHash }).where(eq(waitlistOffers.id, id));
}

export async function setOffer(db: Db, id: number, values: Partial<Pick<Offer, 'state' | 'appointmentId'>>) {
  await db.update(waitlistOffers).set(values).where(eq(waitlistOffers.id, id));
}

export async function offerNonce(db: Db, id: number): Promise<{ nonce: string; tokenHash: string } | null> {
  const [row] = await db
    .select({ nonce: waitlistOffers.nonce, tokenHash: waitlistOffers.tokenHash })
    .from(waitlistOffers)
    .where(eq(waitlistOffers.id, id));
  return row ?? null;
}

export async function offerIdOfTokenHash(db: Db, tokenHashes: string[]): Promise<number | null> {
  const [row] = await db
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(inArray(waitlistOffers.tokenHash, tokenHashes));
  return row?.id ?? null;
}

export async function openOfferOfEntry(db: Db, entryId: number): Promise<Offer | null> {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.state, 'open')))
    .for('update');
  return row ?? null;
}

export async function lockOffer(db: Db, id: number): Promise<Offer | null> {
  const [row] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, id)).for('update');
  return row ?? null;
}

export async function offerView(db: Db, id: number) {
  const [row] = await db
    .select({ offer: waitlistOffers, calendar: calendarTitles.title, patientId: waitlistEntries.patientId })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .leftJoin(calendarTitles, eq(calendarTitles.id, waitlistOffers.calendarId))
    .where(eq(waitlistOffers.id, id));
  return row ?? null;
}

/** Open offers whose time is up, locked (skipping those another node is handling). */
export async function expiredOpenOffers(db: Db, now: Date): Promise<Offer[]> {
  return db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.state, 'open'), lte(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt))
    .limit(100)
    .for('update', { skipLocked: true });
}

/** The patient's places on waitlists as stored (the privacy export). */
export async function waitlistRowsOfPatient(db: Db, patientId: number) {
  return db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.patientId, patientId))
    .orderBy(asc(waitlistEntries.id));
}

/** The open offer holding the slot, locked (a booking of the slot waits for an answer in progress). */
export async function lockOpenOfferOfSlot(db: Db, slot: SlotKey): Promise<Offer | null> {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.calendarId, slot.calendarId),
        eq(waitlistOffers.date, slot.date),
        eq(waitlistOffers.time, slot.time),
        eq(waitlistOffers.state, 'open'),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Keeps a freed slot nobody could be offered (once per slot). */
export async function queueFreeSlot(
  db: Db,
  slot: SlotKey & { doctorId: string | null },
  freedAt: Date,
): Promise<void> {
  await db
    .insert(waitlistFreeSlots)
    .values({ ...slot, freedAt })
    .onConflictDoNothing();
}

/** A calendar's kept free slots, soonest first, locked (skipping those another node is offering). */
export async function lockFreeSlots(db: Db, calendarId: number): Promise<FreeSlot[]> {
  return db
    .select()
    .from(waitlistFreeSlots)
    .where(eq(waitlistFreeSlots.calendarId, calendarId))
    .orderBy(asc(waitlistFreeSlots.date), asc(waitlistFreeSlots.time))
    .limit(50)
    .for('update', { skipLocked: true });
}

export async function deleteFreeSlot(db: Db, id: number): Promise<void> {
  await db.delete(waitlistFreeSlots).where(eq(waitlistFreeSlots.id, id));
}

/** The slot is booked: it is no longer kept for the waitlist. */
export async function deleteFreeSlotAt(db: Db, slot: SlotKey): Promise<void> {
  await db
    .delete(waitlistFreeSlots)
    .where(
      and(
        eq(waitlistFreeSlots.calendarId, slot.calendarId),
        eq(waitlistFreeSlots.date, slot.date),
        eq(waitlistFreeSlots.time, slot.time),
      ),
    );
}

/** Kept free slots of days already over (the timer's cleaning). */
export async function deletePastFreeSlots(db: Db, today: string): Promise<void> {
  await db.delete(waitlistFreeSlots).where(lt(waitlistFreeSlots.date, today));
}
