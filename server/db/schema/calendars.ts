/**
 * Calendars, their weekly availability and unavailable days, and what their month keeps: the
 * day counts and the log of what changed (owner: calendars).
 *
 * Database logic of this owner, kept from the writes of appointments (the month's events):
 * `appointment_day_counts_sync` (migration 0014) keeps appointment_day_counts equal to the dated
 * appointments of each day, calendar and custom status, a count that must match what it counts
 * (a month reads its counts from there, docs/decisions/0047); and triggers on appointments,
 * appointment_statuses, users and this file's tables add a row to calendar_changes for each
 * transaction that changes what a month shows (migration 0028: `calendar_changed`,
 * `appointment_calendar_changed`, `calendar_part_changed`, `every_calendar_changed`), so a month
 * read once is served again until then (docs/decisions/0082); `calendar_changes_prune()` drops the
 * rows no kept month can need.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created } from './columns';

export const calendars = pgTable('calendars', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** The calendar that takes public remote-consultation requests (at most one). */
  publicRequests: boolean('public_requests').notNull().default(false),
  dailyCapacity: integer('daily_capacity'),
  /**
   * Consultations held at a distance (the institute calls the patient, INSTITUTE_WHATSAPP_NUMBER):
   * every message and the patient's page are worded for a call, not a visit (issue 54, item 14).
   * On for the public calendar when the column came (migration 0036), off for the others.
   */
  remote: boolean('remote').notNull().default(false),
  createdAt: created(),
});

/** The calendar a row belongs to: deleted with it. */
export const calendarRef = () =>
  integer('calendar_id')
    .notNull()
    .references(() => calendars.id, { onDelete: 'cascade' });

export const calendarAvailability = pgTable(
  'calendar_availability',
  {
    id: serial('id').primaryKey(),
    calendarId: calendarRef(),
    /** 0 = Sunday ... 6 = Saturday (JavaScript's getDay). */
    weekday: smallint('weekday').notNull(),
    fromTime: time('from_time').notNull(),
    toTime: time('to_time').notNull(),
  },
  // One entry per calendar, weekday and start (entries of a day never overlap: the admin service
  // checks it, and this index makes it a rule of the database, migration 0025), so a month joins
  // each event to the entry that says where it ends. to_time is an INCLUDE column, which Drizzle
  // cannot express (docs/decisions/0074-calendar-month-reads.md, 0076-calendar-month-joins.md).
  (t) => [uniqueIndex('calendar_availability_cal_idx').on(t.calendarId, t.weekday, t.fromTime)],
);
export const calendarUnavailableDays = pgTable(
  'calendar_unavailable_days',
  {
    id: serial('id').primaryKey(),
    calendarId: calendarRef(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason'),
  },
  (t) => [index('calendar_unavailable_cal_idx').on(t.calendarId, t.fromDate)],
);

/** PostgreSQL's 64-bit transaction id (xid8). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * One row per transaction and calendar that changed what a month shows (0: every calendar,
 * -1: an appointment without a calendar), written only by the triggers named at the top.
 */
export const calendarChanges = pgTable(
  'calendar_changes',
  {
    calendarId: integer('calendar_id').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    uniqueIndex('calendar_changes_calendar_xid_idx').on(t.calendarId, t.xid),
    index('calendar_changes_xid_idx').on(t.xid),
  ],
);

/** The oldest running transaction at each pruning: what the pruning may drop ten minutes on. */
export const calendarChangeMarks = pgTable('calendar_change_marks', {
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  oldestXid: xid8('oldest_xid').notNull(),
});

/**
 * How many dated appointments each day has, per calendar and custom status (0: none, or a status
 * other than `custom`), kept by the trigger named at the top so no write path can forget it. A month's counts are then a few hundred rows, whatever the institute's size
 * (server/features/calendars/repository.ts, docs/decisions/0047-calendar-month-by-day.md).
 */
export const appointmentDayCounts = pgTable(
  'appointment_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 0 for an appointment without a calendar. */
    calendarId: integer('calendar_id').notNull(),
    customStatusId: integer('custom_status_id').notNull(),
    n: integer('n').notNull(),
  },
  // The key's index also carries `n` (INCLUDE, migration 0021, not expressible here): a month's
  // counts are read from the index alone (docs/decisions/0062-day-counts-cover.md).
  (t) => [primaryKey({ columns: [t.day, t.calendarId, t.customStatusId] })],
);
