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
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { clinicInstant, clinicToday, hhmm } from '../../../domain/dates';
import { quietHoursUntil } from '../../../domain/sms';
import { type OFFER_STATES, WAITLIST_MESSAGES, type waitlistAddSchema } from '../../../domain/waitlist';

type OfferState = (typeof OFFER_STATES)[number];

import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { SYSTEM_ACTOR } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { bookFromWaitlist, type FreedSlot, slotIsHeld } from '../appointments';
import { type Journey, journeyFor } from '../journey';
import * as repo from './repository';

export type WaitlistDeps = {
  journey: Journey;
  secret: string;
  publicUrl: string;
  offerHours: number;
};

export function waitlistDeps(deps: { config: Config; clock: { now(): Date } }): WaitlistDeps {
  return {
    journey: journeyFor(deps),
    secret: deps.config.authSecret,
    publicUrl: deps.config.publicUrl,
    offerHours: deps.config.WAITLIST_OFFER_HOURS,
  };
}

const tokenOf = (secret: string, offerId: number, nonce: string) =>
  createHmac('sha256', secret).update(`waitlist-offer:${offerId}:${nonce}`).digest('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The offer a token opens, or null (unknown or malformed). */
export async function offerOfToken(db: Db, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return repo.offerIdOfTokenHash(db, hashToken(token));
}

export async function addEntry(db: Db, actor: Actor, input: z.output<typeof waitlistAddSchema>, now: Date) {
  if (input.to < clinicToday(now))
    throw badRequest(WAITLIST_MESSAGES.toInPast, { to: WAITLIST_MESSAGES.toInPast });
  return db.transaction(async (tx) => {
    if (!(await repo.patientExists(tx, input.patient_id)))
      throw badRequest(WAITLIST_MESSAGES.patientNotFound, { patient_id: WAITLIST_MESSAGES.patientNotFound });
    if (!(await repo.calendarExists(tx, input.calendar_id)))
      throw badRequest(WAITLIST_MESSAGES.calendarNotFound, {
        calendar_id: WAITLIST_MESSAGES.calendarNotFound,
      });
    if (input.doctor_id && !(await repo.doctorExists(tx, input.doctor_id)))
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
}

export async function listEntries(db: Db, actor: Actor, calendarId: number) {
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
    doctor_name: e.doctorId ? `${e.doctorFirst ?? ''} ${e.doctorLast ?? ''}`.trim() : null,
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
}

/** Removes an entry; its open offer ends and the slot goes to the next patient. */
export async function removeEntry(db: Db, deps: WaitlistDeps, actor: Actor, id: number, now: Date) {
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
}

const slotOf = (o: repo.Offer): FreedSlot => ({
  calendarId: o.calendarId,
  date: o.date,
  time: o.time,
  doctorId: o.doctorId,
});

/**
 * Offers a free slot to the first matching waiting patient, in the caller's transaction: the
 * offer, its link and its SMS + e-mail commit together with the change that freed the slot.
 * Nothing for a slot already started, already held by an appointment or already on offer.
 */
export async function offerSlot(tx: Db, deps: WaitlistDeps, slot: FreedSlot, now: Date) {
  if (clinicInstant(slot.date, hhmm(slot.time)) <= now) return null;
  if (await slotIsHeld(tx, slot)) return null;
  const entry = await repo.firstMatchingEntry(tx, slot);
  if (!entry) return null;
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
  if (id === null) return null;
  const token = tokenOf(deps.secret, id, nonce);
  await repo.setOfferToken(tx, id, hashToken(token));
  await deps.journey.waitlistOffered(tx, {
    id,
    patientId: entry.patientId,
    date: slot.date,
    time: slot.time,
    calendar: await repo.calendarTitleOf(tx, slot.calendarId),
    expiresAt,
    url: `${deps.publicUrl}/p/${token}`,
  });
  await audit(tx, SYSTEM_ACTOR, {
    action: 'waitlist.offer',
    entityType: 'waitlist',
    entityId: entry.id,
    patientId: entry.patientId,
    details: { offerId: id, calendarId: slot.calendarId, date: slot.date, time: hhmm(slot.time) },
  });
  return id;
}

/** The hook the appointments feature calls when a change frees a slot. */
export const slotFreedHook = (deps: WaitlistDeps, now: () => Date) => (tx: Db, slot: FreedSlot) =>
  offerSlot(tx, deps, slot, now()).then(() => undefined);

/**
 * Expires the open offers whose time is up and offers each slot to the next matching patient.
 * Run on a timer by the server; safe on several nodes (rows locked, others skipped). Returns how
 * many offers expired.
 */
export async function processWaitlist(db: Db, deps: WaitlistDeps, now: Date): Promise<number> {
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
    return due.length;
  });
}

/** The offer a token opens, or 404. An open offer past its time reads as expired. */
export async function openOffer(db: Db, offerId: number, now: Date, notFoundMessage: string) {
  const v = await repo.offerView(db, offerId);
  if (!v || v.offer.date < clinicToday(now)) throw notFound(notFoundMessage);
  return v;
}

export const offerState = (o: repo.Offer, now: Date): OfferState =>
  o.state === 'open' && o.expiresAt <= now ? 'expired' : (o.state as OfferState);

type Answer = { ok: true } | { ok: false; message: string };

/**
 * The patient takes the slot: under the offer's row lock (a second accept waits and then finds it
 * closed), the appointment is inserted holding the slot; if staff or anyone booked it meanwhile
 * the slot indexes refuse it and the offer becomes 'taken'. The caller answers 409 on `ok: false`.
 */
export async function acceptOffer(db: Db, deps: WaitlistDeps, actor: Actor, offerId: number, now: Date) {
  return db.transaction(async (tx): Promise<Answer> => {
    const o = await repo.lockOffer(tx, offerId);
    if (!o) return { ok: false, message: WAITLIST_MESSAGES.offerClosed };
    const closed = await closedAnswer(tx, deps, o, now);
    if (closed) return closed;
    const entry = await repo.lockEntry(tx, o.entryId);
    if (entry?.state !== 'waiting') return { ok: false, message: WAITLIST_MESSAGES.offerClosed };
    const appointmentId = await bookFromWaitlist(tx, deps.journey, {
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
}

/** The patient does not want the slot: it goes to the next matching patient at once. */
export async function declineOffer(db: Db, deps: WaitlistDeps, actor: Actor, offerId: number, now: Date) {
  return db.transaction(async (tx): Promise<Answer> => {
    const o = await repo.lockOffer(tx, offerId);
    if (!o) return { ok: false, message: WAITLIST_MESSAGES.offerClosed };
    const closed = await closedAnswer(tx, deps, o, now);
    if (closed) return closed;
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
    return { ok: true };
  });
}

/** Why a locked offer can no longer be answered (an open one past its time expires here). */
async function closedAnswer(tx: Db, deps: WaitlistDeps, o: repo.Offer, now: Date): Promise<Answer | null> {
  if (o.state === 'open' && o.expiresAt <= now) {
    await repo.setOffer(tx, o.id, { state: 'expired' });
    await offerSlot(tx, deps, slotOf(o), now);
    return { ok: false, message: WAITLIST_MESSAGES.offerExpired };
  }
  if (o.state === 'expired') return { ok: false, message: WAITLIST_MESSAGES.offerExpired };
  if (o.state === 'taken') return { ok: false, message: WAITLIST_MESSAGES.offerTaken };
  if (o.state !== 'open') return { ok: false, message: WAITLIST_MESSAGES.offerClosed };
  return null;
}

/** Runs processWaitlist every `intervalMs` on the server's clock (one run at a time). */
export function scheduleWaitlist(
  db: Db,
  deps: WaitlistDeps,
  clock: { now(): Date },
  intervalMs: number,
  onError: (err: unknown) => void,
) {
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
