/** Messages waiting to be sent, for every channel (owner: platform/outbox). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, ts } from './columns';

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** email (today) | sms (the patient journey); each channel has its sender (platform/outbox). */
    channel: text('channel').notNull().default('email'),
    /**
     * Made when the row is queued and kept across retries and restarts: the e-mail's Message-ID
     * (`<key@sender's domain>`) and the SMS gateway's idempotency key, so a copy delivered twice
     * (a crash between "the relay stored it" and "we marked it sent") can be recognised.
     */
    messageKey: uuid('message_key').notNull().default(sql`gen_random_uuid()`),
    /** The address (e-mail) or E.164 number (SMS). */
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** [{ filename, contentType, storageKey }] or inline base64 content for small files */
    attachments: jsonb('attachments'),
    /** pending | sending | sent | failed | cancelled */
    state: text('state').notNull().default('pending'),
    /** Attempts started (a claim counts one): also the fencing token of the current claim. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: after this instant the claim is void (the node died) and the row is due again. */
    leaseUntil: ts('lease_until'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    /**
     * What the message is about, for the patient journey: the appointment (no foreign key: the
     * outbox is platform code and outlives deleted appointments) and why it is sent
     * (`reminder-24@2026-12-01T08:00`, `scheduled@…`). A purpose is sent at most once per
     * appointment and channel (the unique index), so a reminder is never queued twice, and a
     * moved appointment gets new purposes with its new time.
     */
    appointmentId: integer('appointment_id'),
    purpose: text('purpose'),
    createdAt: created(),
  },
  (t) => [
    // The worker claims the first due messages in (next_attempt_at, id) order: read from this
    // index in that order, a claim costs the messages it takes, not the queue's length (0071).
    index('outbox_due_idx').on(t.state, t.nextAttemptAt, t.id),
    index('outbox_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'sending'`),
    uniqueIndex('outbox_message_key_idx').on(t.messageKey),
    // How many SMS one number got today: the public form's limit for a number nobody vouched for.
    index('outbox_recipient_idx').on(t.channel, t.to, t.createdAt),
    // What a channel's budget counts: its messages sent in the last hour and day.
    index('outbox_sent_idx').on(t.channel, t.sentAt).where(sql`${t.state} = 'sent'`),
    index('outbox_appointment_idx').on(t.appointmentId).where(sql`${t.appointmentId} is not null`),
    uniqueIndex('outbox_purpose_uq')
      .on(t.appointmentId, t.channel, t.purpose)
      .where(sql`${t.purpose} is not null and ${t.state} <> 'cancelled'`),
  ],
);
