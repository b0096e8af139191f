/** Consent texts and given consents (owner: privacy; registration records a consent through it). */
import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { appointmentRef } from './appointments';
import { created, ts } from './columns';
import { patientRef } from './patients';

export const consentTexts = pgTable('consent_texts', {
  version: text('version').primaryKey(),
  text: text('text').notNull(),
  createdAt: created(),
});
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    patientId: patientRef(),
    appointmentId: appointmentRef(),
    textVersion: text('text_version').notNull(),
    /** The text as the patient read it (placeholders filled); null on consents given before 0037. */
    shownText: text('shown_text'),
    givenAt: created(),
    ip: text('ip'),
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [index('consents_patient_idx').on(t.patientId)],
);
