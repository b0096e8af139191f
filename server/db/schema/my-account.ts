/** Doctors' time off (owner: my-account). */
import { date, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { created } from './columns';

export const timeOff = pgTable(
  'time_off',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: created(),
  },
  (t) => [index('time_off_user_idx').on(t.userId, t.fromDate)],
);
