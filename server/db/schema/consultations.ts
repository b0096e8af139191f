/** Consultations and their sections (owner: patients). */
import { date, index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { created, updated } from './columns';
import { users } from './identity';
import { patients } from './patients';

export const consultationGroups = pgTable(
  'consultation_groups',
  {
    guid: uuid('guid').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('consultation_groups_patient_idx').on(t.patientId, t.date)],
);
export const consultationEntries = pgTable(
  'consultation_entries',
  {
    id: serial('id').primaryKey(),
    groupGuid: uuid('group_guid')
      .notNull()
      .references(() => consultationGroups.guid, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    /** reason | personalPriors | familyPriors | treatment | diagnosis | recs | letter */
    type: text('type').notNull(),
    doctorId: text('doctor_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('consultation_entries_group_idx').on(t.groupGuid),
    index('consultation_entries_patient_idx').on(t.patientId),
  ],
);
