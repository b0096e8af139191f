/**
 * The waitlist (issue 15, docs/decisions/0041-waitlist-offers.md): staff put a patient on a
 * calendar's list for a date range; a slot that frees is offered, in the transaction that frees
 * it, to the first matching patient, held for WAITLIST_OFFER_HOURS; the patient accepts or
 * declines on the self-service page; an offer declined or expired goes to the next patient.
 *
 * The hold is the offer: while it is open no other waiting patient is offered that slot (a
 * partial unique index, one open offer per slot). Staff may still book the slot; accepting then
 * loses to the database's slot indexes (409, the offer 'taken'), as does a second accept.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { clinicInstant, clinicToday, hhmm } from '../../../domain/dates';
import { quietHoursUntil } from '../../../domain/sms';
import {
  type OFFER_STATES,
  slotHeldMessage,
  WAITLIST_MESSAGES,
  type waitlistAddSchema,
} from '../../../domain/waitlist';

type OfferState = (typeof OFFER_STATES)[number];

import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { SYSTEM_ACTOR } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { staffMember } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { DomainEvents, Events, FreedSlot } from '../../platform/events';
import { hashLinkToken, linkToken, linkTokenOfRow, lookupHashes } from '../../platform/link-tokens';
import { type AppointmentsService, createAppointmentsService, slotIsHeld } from '../appointments';
import { calendarTitle } from '../calendars';
import { patientRecord } from '../patients';
import * as repo from './repository';

/** What the waitlist's rules use: the offer's link keys and hold, the events, the bookings. */
type WaitlistDeps = {
  secret: string;
  offerHours: number;
  events: Events;
  appointments: AppointmentsService;
};

function waitlistDeps(deps: Deps): WaitlistDeps {
  return {
    secret: deps.config.authSecret,
    offerHours: deps.config.WAITLIST_OFFER_HOURS,
    events: deps.events,
    appointments: createAppointmentsService(deps),
  };
}

const label = (offerId: number, nonce: string) => `waitlist-offer:${offerId}:${nonce}`;

/**
 * An offer's link, derived again from its nonce (never stored; platform/link-tokens.ts); null when
 * the offer is gone.
 */
export async function offerUrl(db: Db, keys: { secret: string; publicUrl: string }, offerId: number) {
  const row = await repo.offerNonce(db, offerId);
  if (row === null) return null;
  const { token, rehash } = linkTokenOfRow(keys.secret, label(offerId, row.nonce), row.tokenHash);
  if (rehash) await repo.setOfferToken(db, offerId, rehash);
  return `${keys.publicUrl}/p/${token}`;
}

/** The offer a token opens, or null (unknown or malformed). */
export async function offerOfToken(db: Db, token: string): Promise<number | null> {
  const hashes = lookupHashes(token);
  return hashes ? repo.offerIdOfTokenHash(db, hashes) : null;
}

const slotOf = (o: repo.Offer | repo.FreeSlot): FreedSlot => ({
  calendarId: o.calendarId,
  date: o.date,
  time: o.time,
  doctorId: o.doctorId,
});

/**
 * Offers a free slot to the first matching waiting patient, in the caller's transaction: the
 * offer, its link and its SMS + e-mail commit together with the change that freed the slot.
 * 'gone' for a slot already started, already held by an appointment or already on offer;
 * 'kept' when nobody can be offered it now (everyone matching holds an offer, or nobody matches
 * yet): it stays in waitlist_free_slots and `offerKept` offers it later (issue 54, item 12).
 */
async function offerSlot(
  tx: Db,
  deps: WaitlistDeps,
  slot: FreedSlot,
  now: Date,
): Promise<'offered' | 'kept' | 'gone'> {
  if (clinicInstant(slot.date, hhmm(slot.time)) <= now) return 'gone';
  if (await slotIsHeld(tx, slot)) return 'gone';
  const entry = await repo.firstMatchingEntry(tx, slot);
  if (!entry) {
    await repo.queueFreeSlot(tx, slot, now);
    return 'kept';
  }
  const nonce = randomBytes(16).toString('base64url');
  // The hold starts when the patient can be told: an offer made in the SMS quiet hours
  // (21:00-08:00) is held from 08:00, when its SMS goes.
  const from = quietHoursUntil(now) ?? now;
  const expiresAt = new Date(from.getTime() + deps.offerHours * 3_600_000);
  const id = await repo.insertOffer(tx, {
    entryId: entry.id,
    calendarId: slot.calendarId,
    date: slot.date,
    time: slot.time,
    doctorId: slot.doctorId,
    offeredAt: now,
    expiresAt,
    // Replaced below by the token's hash, which needs the offer's id.
    tokenHash: `pending:${nonce}`,
    nonce,
  });
  if (id === null) return 'gone';
  await repo.setOfferToken(tx, id, hashLinkToken(linkToken(deps.secret, label(id, nonce))));
  await deps.events.emit(tx, 'waitlist.offered', {
    id,
    patientId: entry.patientId,
    date: slot.date,
    time: slot.time,
    calendar: await calendarTitle(tx, slot.calendarId),
    expiresAt,
  });
  await audit(tx, SYSTEM_ACTOR, {
    action: 'waitlist.offer',
    entityType: 'waitlist',
    entityId: entry.id,
    patientId: entry.patientId,
    details: { offerId: id, calendarId: slot.calendarId, date: slot.date, time: hhmm(slot.time) },
  });
  return 'offered';
}

/**
 * Offers the calendar's kept free slots (soonest first) to whoever can take one now: called when
 * a patient may have become free for an offer (an offer declined, expired or lost, a new patient
 * on the list). A slot offered, booked meanwhile or past leaves the list; the others stay.
 */
async function offerKept(tx: Db, deps: WaitlistDeps, calendarId: number, now: Date) {
  for (const kept of await repo.lockFreeSlots(tx, calendarId)) {
    if ((await offerSlot(tx, deps, slotOf(kept), now)) !== 'kept') await repo.deleteFreeSlot(tx, kept.id);
  }
}

/** The waitlist's rules as staff and patients use them (routes make it once). */
export function createWaitlistService(base: Deps) {
  const { db, clock } = base;
  const deps = waitlistDeps(base);
  /** Runs `act` under the offer's row lock while it is still open; otherwise answers why not. */
  const answerOpenOffer = (offerId: number, act: (tx: Db, o: repo.Offer, now: Date) => Promise<Answer>) => {
    const now = clock.now();
    return db.transaction(async (tx): Promise<Answer> => {
      const o = await repo.lockOffer(tx, offerId);
      if (!o) return { ok: false, message: WAITLIST_MESSAGES.offerClosed };
      return (await closedAnswer(tx, deps, o, now)) ?? act(tx, o, now);
    });
  };
  return {
    async addEntry(actor: Actor, { input }: { input: z.output<typeof waitlistAddSchema> }) {
      const now = clock.now();
      if (input.to < clinicToday(now))
        throw badRequest(WAITLIST_MESSAGES.toInPast, { to: WAITLIST_MESSAGES.toInPast });
      return db.transaction(async (tx) => {
        if (!(await patientRecord(tx, input.patient_id)))
          throw badRequest(WAITLIST_MESSAGES.patientNotFound, {
            patient_id: WAITLIST_MESSAGES.patientNotFound,
          });
        if ((await calendarTitle(tx, input.calendar_id)) === null)
          throw badRequest(WAITLIST_MESSAGES.calendarNotFound, {
            calendar_id: WAITLIST_MESSAGES.calendarNotFound,
          });
        if (input.doctor_id && !(await staffMember(tx, input.doctor_id)))
          throw badRequest(WAITLIST_MESSAGES.doctorNotFound, { doctor_id: WAITLIST_MESSAGES.doctorNotFound });
        if (await repo.waitingEntryOf(tx, input.patient_id, input.calendar_id))
          throw conflict(WAITLIST_MESSAGES.alreadyWaiting);
        const id = await repo.insertEntry(tx, {
          patientId: input.patient_id,
          calendarId: input.calendar_id,
          doctorId: input.doctor_id ?? null,
          fromDate: input.from,
          toDate: input.to,
          createdAt: now,
          createdBy: actor.userId,
        });
        // A slot freed before they joined, still free, may be theirs now.
        await offerKept(tx, deps, input.calendar_id, now);
        await audit(tx, actor, {
          action: 'waitlist.add',
          entityType: 'waitlist',
          entityId: id,
          patientId: input.patient_id,
          details: {
            calendarId: input.calendar_id,
            doctorId: input.doctor_id ?? null,
            from: input.from,
            to: input.to,
          },
        });
        return id;
      });
    },
    async listEntries(actor: Actor, { calendarId }: { calendarId: number }) {
      const entries = await repo.listEntries(db, calendarId);
      await audit(db, actor, {
        action: 'waitlist.view',
        entityType: 'calendar',
        entityId: calendarId,
        details: { entries: entries.length },
      });
      return entries.map((e) => ({
        id: e.id,
        patient_id: e.patientId,
        patient_name: e.patientName,
        doctor_id: e.doctorId,
        doctor_name: e.doctorId ? (e.doctorName ?? '') : null,
        from: e.from,
        to: e.to,
        state: e.state,
        created_at: e.createdAt.toISOString(),
        offers: e.offers.map((o) => ({
          id: o.id,
          date: o.date,
          time: hhmm(o.time),
          offered_at: o.offeredAt.toISOString(),
          expires_at: o.expiresAt.toISOString(),
          state: o.state,
        })),
      }));
    },
    /** Removes an entry; its open offer ends and the slot goes to the next patient. */
    async removeEntry(actor: Actor, { id }: { id: number }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const entry = await repo.lockEntry(tx, id);
        if (!entry || entry.state === 'removed') throw notFound(WAITLIST_MESSAGES.entryNotFound);
        const open = await repo.openOfferOfEntry(tx, id);
        await repo.setEntry(tx, id, { state: 'removed' });
        if (open) {
          await repo.setOffer(tx, open.id, { state: 'declined' });
          await offerSlot(tx, deps, slotOf(open), now);
        }
        await audit(tx, actor, {
          action: 'waitlist.remove',
          entityType: 'waitlist',
          entityId: id,
          patientId: entry.patientId,
        });
      });
    },
    /**
     * The patient takes the slot: under the offer's row lock (a second accept waits and then finds it
     * closed), the appointment is inserted holding the slot; if staff or anyone booked it meanwhile
     * the slot indexes refuse it and the offer becomes 'taken'. The caller answers 409 on `ok: false`.
     */
    async acceptOffer(actor: Actor, { offerId }: { offerId: number }) {
      return answerOpenOffer(offerId, async (tx, o, now) => {
        const entry = await repo.lockEntry(tx, o.entryId);
        if (entry?.state !== 'waiting') return { ok: false, message: WAITLIST_MESSAGES.offerClosed };
        const appointmentId = await deps.appointments.bookFromWaitlist(tx, {
          ...slotOf(o),
          patientId: entry.patientId,
        });
        if (appointmentId === null) {
          await repo.setOffer(tx, o.id, { state: 'taken' });
          await audit(tx, actor, {
            action: 'waitlist.accept',
            entityType: 'waitlist',
            entityId: entry.id,
            patientId: entry.patientId,
            details: { offerId: o.id, outcome: 'taken' },
          });
          await offerKept(tx, deps, o.calendarId, now);
          return { ok: false, message: WAITLIST_MESSAGES.offerTaken };
        }
        await repo.setOffer(tx, o.id, { state: 'accepted', appointmentId });
        await repo.setEntry(tx, entry.id, { state: 'booked', appointmentId });
        await audit(tx, actor, {
          action: 'waitlist.accept',
          entityType: 'appointment',
          entityId: appointmentId,
          patientId: entry.patientId,
          details: { offerId: o.id, entryId: entry.id },
        });
        return { ok: true };
      });
    },
    /** The patient does not want the slot: it goes to the next matching patient at once. */
    async declineOffer(actor: Actor, { offerId }: { offerId: number }) {
      return answerOpenOffer(offerId, async (tx, o, now) => {
        await repo.setOffer(tx, o.id, { state: 'declined' });
        const entry = await repo.lockEntry(tx, o.entryId);
        await audit(tx, actor, {
          action: 'waitlist.decline',
          entityType: 'waitlist',
          entityId: o.entryId,
          patientId: entry?.patientId ?? null,
          details: { offerId: o.id },
        });
        await offerSlot(tx, deps, slotOf(o), now);
        // The patient who declined is free for another slot kept for the list.
        await offerKept(tx, deps, o.calendarId, now);
        return { ok: true };
      });
    },
    /** Expires the open offers whose time is up and offers each slot to the next patient. */
    processExpired: () => processWaitlist(db, deps, clock.now()),
  };
}

/** The waitlist's part in what other features do: a slot a change freed is offered at once. */
export function subscribeWaitlist(events: Events, deps: Deps) {
  const w = waitlistDeps(deps);
  events.on('slot.freed', async (tx, slot) => {
    await offerSlot(tx, w, slot, deps.clock.now());
  });
  events.on('slot.booking', (tx, booking) => slotBooking(tx, w, booking, deps.clock.now()));
}

/**
 * A slot is about to be booked (issue 54, item 11): it is no longer kept for the list; one an
 * open offer holds is refused (409 naming the hold's end) unless staff confirmed taking it; then
 * the offer ends as taken (the patient's page says so), audited as the staff's act, and the
 * patient, who stays on the list, may be offered a kept slot.
 */
async function slotBooking(tx: Db, deps: WaitlistDeps, booking: DomainEvents['slot.booking'], now: Date) {
  await repo.deleteFreeSlotAt(tx, booking);
  const offer = await repo.lockOpenOfferOfSlot(tx, booking);
  if (!offer || offer.expiresAt <= now) return;
  if (!booking.takeHeld) throw conflict(slotHeldMessage(offer.expiresAt, now));
  await repo.setOffer(tx, offer.id, { state: 'taken' });
  const entry = await repo.lockEntry(tx, offer.entryId);
  await audit(tx, booking.actor, {
    action: 'waitlist.offer-taken',
    entityType: 'waitlist',
    entityId: offer.entryId,
    patientId: entry?.patientId ?? null,
    details: {
      offerId: offer.id,
      calendarId: offer.calendarId,
      date: offer.date,
      time: hhmm(offer.time),
      heldUntil: offer.expiresAt.toISOString(),
    },
  });
  await offerKept(tx, deps, offer.calendarId, now);
}

/**
 * Expires the open offers whose time is up and offers each slot to the next matching patient.
 * Run on a timer by the server; safe on several nodes (rows locked, others skipped). Returns how
 * many offers expired.
 */
async function processWaitlist(db: Db, deps: WaitlistDeps, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.expiredOpenOffers(tx, now);
    for (const o of due) {
      await repo.setOffer(tx, o.id, { state: 'expired' });
      await audit(tx, SYSTEM_ACTOR, {
        action: 'waitlist.expire',
        entityType: 'waitlist',
        entityId: o.entryId,
        details: { offerId: o.id },
      });
    }
    for (const o of due) await offerSlot(tx, deps, slotOf(o), now);
    // Those whose offer expired may take a slot kept for the list; kept days that are over go.
    for (const calendarId of new Set(due.map((o) => o.calendarId)))
      await offerKept(tx, deps, calendarId, now);
    await repo.deletePastFreeSlots(tx, clinicToday(now));
    return due.length;
  });
}

/** The offer a token opens, or 404. An open offer past its time reads as expired. */
export async function openOffer(db: Db, offerId: number, now: Date, notFoundMessage: string) {
  const v = await repo.offerView(db, offerId);
  if (!v || v.offer.date < clinicToday(now)) throw notFound(notFoundMessage);
  return v;
}

const offerState = (o: repo.Offer, now: Date): OfferState =>
  o.state === 'open' && o.expiresAt <= now ? 'expired' : (o.state as OfferState);

/**
 * The offer's state as the patient's page shows it: an open offer whose slot an appointment
 * holds now (booked by anyone, however) reads 'taken' at once, not only when they tap Accept.
 */
export async function offerStateNow(db: Db, o: repo.Offer, now: Date): Promise<OfferState> {
  const state = offerState(o, now);
  return state === 'open' && (await slotIsHeld(db, slotOf(o))) ? 'taken' : state;
}

type Answer = { ok: true } | { ok: false; message: string };

/** Why a locked offer can no longer be answered (an open one past its time expires here). */
async function closedAnswer(tx: Db, deps: WaitlistDeps, o: repo.Offer, now: Date): Promise<Answer | null> {
  if (o.state === 'open' && o.expiresAt <= now) {
    await repo.setOffer(tx, o.id, { state: 'expired' });
    await offerSlot(tx, deps, slotOf(o), now);
    await offerKept(tx, deps, o.calendarId, now);
    return { ok: false, message: WAITLIST_MESSAGES.offerExpired };
  }
  if (o.state === 'expired') return { ok: false, message: WAITLIST_MESSAGES.offerExpired };
  if (o.state === 'taken') return { ok: false, message: WAITLIST_MESSAGES.offerTaken };
  if (o.state !== 'open') return { ok: false, message: WAITLIST_MESSAGES.offerClosed };
  return null;
}

/** Runs processWaitlist every `intervalMs` on the server's clock (one run at a time). */
export function scheduleWaitlist(base: Deps, intervalMs: number, onError: (err: unknown) => void) {
  const { db, clock } = base;
  const deps = waitlistDeps(base);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    processWaitlist(db, deps, clock.now())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
