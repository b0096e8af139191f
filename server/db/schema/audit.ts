/** Append-only audit trail (owner: platform/audit). */
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actorId: text('actor_id'),
    /** e.g. patient.read, patient.update, document.open, auth.sign-in */
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    patientId: integer('patient_id'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_actor_idx').on(t.actorId, t.at),
    index('audit_patient_idx').on(t.patientId, t.at),
    index('audit_action_idx').on(t.action, t.at),
  ],
);
