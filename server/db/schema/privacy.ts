/** Consent texts and given consents (owner: privacy; registration records a consent through it). */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { created, ts } from './columns';
import { patients } from './patients';

export const consentTexts = pgTable('consent_texts', {
  version: text('version').primaryKey(),
  text: text('text').notNull(),
  createdAt: created(),
});
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    textVersion: text('text_version').notNull(),
    givenAt: created(),
    ip: text('ip'),
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [index('consents_patient_idx').on(t.patientId)],
);
