/** Consultations, their sections, letters and the letters' register (owner: consultations). */
import { sql } from 'drizzle-orm';
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
import { appointmentRef } from './appointments';
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

/**
 * The remote consultation held for an appointment (issue 48, docs/decisions/0097): how it was
 * held (channel), the patient's consent asked at its start (a refusal ends it before it starts),
 * how their identity was checked, how it ended, and its number in the year's consultation
 * register (the letters' counter, letter_register), given when it ends completed. One per
 * appointment and one per consultation group: unique indexes decide when two doctors press start
 * at once. Its intervals (a resume adds one) are remote_consultation_intervals.
 */
export const remoteConsultations = pgTable(
  'remote_consultations',
  {
    id: serial('id').primaryKey(),
    /** Null only after the appointment was deleted: the register keeps the consultation. */
    appointmentId: appointmentRef(),
    patientId: patientRef(),
    /** The consultation form's group written for it; null when the patient refused. */
    groupGuid: uuid('group_guid').references(() => consultationGroups.guid, { onDelete: 'set null' }),
    doctorId: staffRef('doctor_id'),
    /** The appointment's calendar when it started (the register lists by calendar). */
    calendarId: integer('calendar_id'),
    /** whatsapp_video | whatsapp_audio | whatsapp_chat | phone | other (domain/remote-consultation.ts) */
    channel: text('channel').notNull(),
    channelOther: text('channel_other'),
    /** given | refused */
    consent: text('consent').notNull(),
    consentAt: ts('consent_at').notNull(),
    /** id_card_video | cnp_and_birth_date | known_patient | other; null when the patient refused. */
    identityCheck: text('identity_check'),
    identityOther: text('identity_other'),
    /** completed | no_answer | in_person_needed | refused; null while it is held or interrupted. */
    outcome: text('outcome'),
    endedAt: ts('ended_at'),
    registerYear: integer('register_year'),
    registerNumber: integer('register_number'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('remote_consultations_appointment_uq').on(t.appointmentId),
    uniqueIndex('remote_consultations_group_uq').on(t.groupGuid),
    uniqueIndex('remote_consultations_register_uq')
      .on(t.registerYear, t.registerNumber)
      .where(sql`${t.registerNumber} is not null`),
    index('remote_consultations_patient_idx').on(t.patientId),
    index('remote_consultations_ended_idx').on(t.endedAt),
  ],
);

/**
 * The time intervals of a remote consultation: the first opened by its start, each resume (after
 * a failed or interrupted connection) opens another. At most one is open (ended_at null).
 */
export const remoteConsultationIntervals = pgTable(
  'remote_consultation_intervals',
  {
    id: serial('id').primaryKey(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => remoteConsultations.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    /** How the interval ended: an outcome, or connection_failed (the consultation may resume). */
    endedAs: text('ended_as'),
  },
  (t) => [
    index('remote_consultation_intervals_idx').on(t.consultationId, t.startedAt),
    uniqueIndex('remote_consultation_intervals_open_uq')
      .on(t.consultationId)
      .where(sql`${t.endedAt} is null`),
  ],
);
