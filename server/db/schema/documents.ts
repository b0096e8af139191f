/** Patient documents (owner: documents). */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { appointmentRef } from './appointments';
import { staffRef } from './auth';
import { created } from './columns';
import { patientRef } from './patients';

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    patientId: patientRef(),
    appointmentId: appointmentRef(),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    ext: text('ext').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** tosend | sent */
    status: text('status').notNull().default('tosend'),
    uploadedBy: staffRef('uploaded_by'),
    createdAt: created(),
  },
  (t) => [
    index('documents_patient_idx').on(t.patientId, t.createdAt),
    index('documents_created_idx').on(t.createdAt, t.id),
    index('documents_status_idx').on(t.status, t.createdAt),
  ],
);
