/** The waitlist of a calendar and the slots offered from it (owner: waitlist; issue 15). */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, time, uniqueIndex } from 'drizzle-orm/pg-core';
import { appointmentRef } from './appointments';
import { staffRef } from './auth';
import { calendarRef } from './calendars';
import { created, ts } from './columns';
import { patientRef } from './patients';

/** A patient waiting for a freed slot of a calendar (optionally one doctor's) between two dates. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    patientId: patientRef(),
    calendarId: calendarRef(),
    doctorId: staffRef('doctor_id'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** waiting | booked | removed */
    state: text('state').notNull().default('waiting'),
    createdAt: created(),
    createdBy: staffRef('created_by'),
    appointmentId: appointmentRef(),
  },
  (t) => [
    // The matching scan: a calendar's waiting entries, oldest first.
    index('waitlist_entries_waiting_idx').on(t.calendarId, t.createdAt).where(sql`${t.state} = 'waiting'`),
    index('waitlist_entries_patient_idx').on(t.patientId),
  ],
);

/**
 * A freed slot offered to one waiting entry until `expires_at`. The link's token is
 * HMAC(secret, offer id + nonce) like the self-service links; only its hash is stored.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    calendarId: calendarRef(),
    date: date('date', { mode: 'string' }).notNull(),
    time: time('time').notNull(),
    doctorId: staffRef('doctor_id'),
    offeredAt: ts('offered_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** open | accepted | declined | expired | taken */
    state: text('state').notNull().default('open'),
    tokenHash: text('token_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    appointmentId: appointmentRef(),
  },
  (t) => [
    // One open offer per slot, and per entry: two nodes freeing the same slot offer it once.
    uniqueIndex('waitlist_offers_open_slot_uq')
      .on(t.calendarId, t.date, t.time)
      .where(sql`${t.state} = 'open'`),
    uniqueIndex('waitlist_offers_open_entry_uq').on(t.entryId).where(sql`${t.state} = 'open'`),
    index('waitlist_offers_open_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'open'`),
    index('waitlist_offers_entry_idx').on(t.entryId),
  ],
);

/**
 * A freed slot nobody on the calendar's list could be offered when it freed (everyone matching
 * held an offer, or nobody matched yet): kept here and offered when someone can take it (an offer
 * declined, expired or lost, a new patient on the list), as long as it is free and to come
 * (issue 54, item 12). One row per slot; removed once offered, booked or past.
 */
export const waitlistFreeSlots = pgTable(
  'waitlist_free_slots',
  {
    id: serial('id').primaryKey(),
    calendarId: calendarRef(),
    date: date('date', { mode: 'string' }).notNull(),
    time: time('time').notNull(),
    /** The doctor of the appointment that held it (an entry for another doctor does not match). */
    doctorId: staffRef('doctor_id'),
    freedAt: ts('freed_at').notNull(),
  },
  (t) => [uniqueIndex('waitlist_free_slots_slot_uq').on(t.calendarId, t.date, t.time)],
);
