/** Doctors' time off and each account's calendar-feed token (owner: my-account). */
import { date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef, users } from './auth';
import { created } from './columns';

export const timeOff = pgTable(
  'time_off',
  {
    id: serial('id').primaryKey(),
    userId: accountRef(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: created(),
  },
  (t) => [index('time_off_user_idx').on(t.userId, t.fromDate)],
);

/** Each account's private calendar-feed token (my-account/feed/), kept only as a SHA-256 hash. */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('calendar_feed_tokens_hash_uq').on(t.tokenHash)],
);
