/** Consultations, their sections, letters and the letters' register (owner: consultations). */
import {
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Letter } from '../../../domain/letter';
import { staffRef } from './auth';
import { created, ts, updated } from './columns';
import { documents } from './documents';
import { patientRef } from './patients';

export const consultationGroups = pgTable(
  'consultation_groups',
  {
    guid: uuid('guid').primaryKey(),
    patientId: patientRef(),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdBy: staffRef('created_by'),
    createdAt: created(),
    /** Set when a letter of this consultation is signed: later changes are addenda (new versions). */
    lockedAt: ts('locked_at'),
    lockedBy: staffRef('locked_by'),
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
    patientId: patientRef(),
    /** reason | personalPriors | familyPriors | treatment | diagnosis | recs | letter */
    type: text('type').notNull(),
    doctorId: staffRef('doctor_id'),
    content: text('content').notNull(),
    /** 1, then 2, 3, … for each addendum written after the consultation was locked. */
    version: integer('version').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('consultation_entries_group_idx').on(t.groupGuid),
    uniqueIndex('consultation_entries_version_idx').on(t.groupGuid, t.type, t.version),
    index('consultation_entries_patient_idx').on(t.patientId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * The register of consultations (nr. registru consultații): the last number given in each
 * calendar year. Incremented in the transaction that creates a letter, so numbers have no gaps
 * and no duplicates across processes.
 */
export const letterRegister = pgTable('letter_register', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Medical letters in the national model, one row per letter issued. An unsigned letter may be
 * generated again (same number); a signed one is final: its PDF bytes are kept as signed.
 */
export const consultationLetters = pgTable(
  'consultation_letters',
  {
    id: serial('id').primaryKey(),
    groupGuid: uuid('group_guid')
      .notNull()
      .references(() => consultationGroups.guid, { onDelete: 'restrict' }),
    patientId: patientRef(),
    registerYear: integer('register_year').notNull(),
    registerNumber: integer('register_number').notNull(),
    /** The letter as the doctor filled it in (domain/letter.ts `Letter`), sections sanitised. */
    content: jsonb('content').$type<Letter>().notNull(),
    createdBy: staffRef('created_by'),
    createdAt: created(),
    updatedAt: updated(),
    signedAt: ts('signed_at'),
    signedBy: staffRef('signed_by'),
    signedPdf: bytea('signed_pdf'),
    /** The patient document that tracks its delivery (to send / sent). */
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    sentAt: ts('sent_at'),
    outboxId: integer('outbox_id'),
  },
  (t) => [
    uniqueIndex('consultation_letters_register_idx').on(t.registerYear, t.registerNumber),
    index('consultation_letters_group_idx').on(t.groupGuid, t.id),
    index('consultation_letters_patient_idx').on(t.patientId),
  ],
);
