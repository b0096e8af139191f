/** Calendars, their weekly availability and unavailable days (owner: calendars). */
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created } from './columns';

export const calendars = pgTable('calendars', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** The calendar that takes public remote-consultation requests (at most one). */
  publicRequests: boolean('public_requests').notNull().default(false),
  dailyCapacity: integer('daily_capacity'),
  createdAt: created(),
});
export const calendarAvailability = pgTable(
  'calendar_availability',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
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
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason'),
  },
  (t) => [index('calendar_unavailable_cal_idx').on(t.calendarId, t.fromDate)],
);
