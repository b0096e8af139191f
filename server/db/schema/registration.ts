/** Public-request capacity per day (owner: registration). */
import { date, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { calendars } from './calendars';

export const registrationDays = pgTable(
  'registration_days',
  {
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('registration_days_pk').on(t.calendarId, t.day)],
);
