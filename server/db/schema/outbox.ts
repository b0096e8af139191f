/** Messages waiting to be sent (owner: platform/mail). */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, ts } from './columns';

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** [{ filename, contentType, storageKey }] or inline base64 content for small files */
    attachments: jsonb('attachments'),
    /** pending | sent | failed */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: created(),
  },
  (t) => [index('outbox_pending_idx').on(t.state, t.nextAttemptAt)],
);
