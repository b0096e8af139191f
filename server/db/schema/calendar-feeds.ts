/** Each account's private calendar-feed token, kept only as a SHA-256 hash (owner: my-account). */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created } from './columns';
import { users } from './identity';

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
