/** The patient's own link to an appointment, `/p/{token}` (owner: self-service). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { created, ts } from './columns';

/**
 * The self-service link of an appointment (`/p/{token}`, no account): one per appointment. Only
 * the token's SHA-256 is stored; the token itself is derived again from `nonce` and the server's
 * secret when a message needs the link (docs/decisions), so every message carries the same link.
 */
export const selfServiceLinks = pgTable('self_service_links', {
  appointmentId: integer('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  nonce: text('nonce').notNull(),
  createdAt: created(),
  revokedAt: ts('revoked_at'),
});
