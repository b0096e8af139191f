/**
 * The whole database (SPEC §3 entities plus identity, consent, outbox and audit).
 * Identity tables (better-auth) are in schema-identity.ts and re-exported here.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, ts, updated } from './schema-columns';
import { users } from './schema-identity';

export * from './schema-identity';

// ---------------------------------------------------------------- reference data
export const counties = pgTable('counties', {
  isoCode: text('iso_code').primaryKey(),
  name: text('name').notNull(),
});

// ---------------------------------------------------------------- patients
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** name folded to lower case without diacritics, for search (domain/text.ts foldText). */
    nameSearch: text('name_search').notNull(),
    cnp: text('cnp').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    gpName: text('gp_name'),
    gpEmail: text('gp_email'),
    gpPhone: text('gp_phone'),
    insuranceStatus: text('insurance_status').notNull(),
    stateResidency: text('state_residency')
      .notNull()
      .references(() => counties.isoCode),
    covidVaccine: smallint('covid_vaccine').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the identity was replaced by a pseudonym (GDPR art. 17(3)(c)); irreversible. */
    anonymisedAt: ts('anonymised_at'),
  },
  (t) => [
    uniqueIndex('patients_cnp_uq').on(t.cnp),
    index('patients_phone_idx').on(t.phone),
    index('patients_name_trgm_idx').using('gin', sql`${t.nameSearch} gin_trgm_ops`),
    index('patients_name_sort_idx').on(t.nameSearch, t.id),
    // The top-bar search matches e-mails anywhere in the text, like names (docs/PERFORMANCE.md).
    index('patients_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

// ---------------------------------------------------------------- calendars
export const calendars = pgTable('calendars', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** The calendar that takes public remote-consultation requests (at most one). */
  publicRequests: boolean('public_requests').notNull().default(false),
  dailyCapacity: integer('daily_capacity'),
  createdAt: created(),
});

export const calendarAvailability = pgTable(
  'calendar_availability',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    /** 0 = Sunday ... 6 = Saturday (JavaScript's getDay). */
    weekday: smallint('weekday').notNull(),
    fromTime: time('from_time').notNull(),
    toTime: time('to_time').notNull(),
  },
  (t) => [index('calendar_availability_cal_idx').on(t.calendarId, t.weekday)],
);

export const calendarUnavailableDays = pgTable(
  'calendar_unavailable_days',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason'),
  },
  (t) => [index('calendar_unavailable_cal_idx').on(t.calendarId, t.fromDate)],
);

// ---------------------------------------------------------------- appointments
export const appointmentStatuses = pgTable('appointment_statuses', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  withoutAppointment: boolean('without_appointment').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
  createdAt: created(),
});

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    doctorId: text('doctor_id').references(() => users.id, { onDelete: 'set null' }),
    calendarId: integer('calendar_id').references(() => calendars.id, { onDelete: 'restrict' }),
    /** request | appointment_request | scheduled | scheduled_paperless | scheduled_with_papers | custom */
    status: text('status').notNull(),
    customStatusId: integer('custom_status_id').references(() => appointmentStatuses.id, {
      onDelete: 'restrict',
    }),
    selectedDate: date('selected_date', { mode: 'string' }),
    selectedTime: time('selected_time'),
    /** True when the appointment occupies (calendar, date, time) exclusively (DESIGN §6). */
    holdsSlot: boolean('holds_slot').notNull().default(false),
    /** True for requests made on the public form: one per patient and day. */
    publicRequest: boolean('public_request').notNull().default(false),
    /** What the patient typed on the public form, kept for staff to review. */
    requestData: jsonb('request_data'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('appointments_slot_uq')
      .on(t.calendarId, t.selectedDate, t.selectedTime)
      .where(sql`${t.holdsSlot}`),
    uniqueIndex('appointments_doctor_slot_uq')
      .on(t.doctorId, t.selectedDate, t.selectedTime)
      .where(sql`${t.holdsSlot} and ${t.doctorId} is not null`),
    uniqueIndex('appointments_public_request_uq')
      .on(t.patientId, t.selectedDate)
      .where(sql`${t.publicRequest}`),
    index('appointments_patient_idx').on(t.patientId, t.selectedDate),
    index('appointments_doctor_idx').on(t.doctorId, t.selectedDate),
    index('appointments_date_idx').on(t.selectedDate, t.selectedTime),
    // The appointment list's two orders, read from an index so a page stops after its rows
    // (docs/PERFORMANCE.md): upcoming first with undated last (hideOlder), and newest first.
    index('appointments_upcoming_idx').on(
      sql`coalesce(${t.selectedDate}, 'infinity'::date)`,
      t.selectedTime,
      t.id,
    ),
    index('appointments_recent_idx').on(
      t.selectedDate.desc().nullsLast(),
      t.selectedTime.desc().nullsLast(),
      t.id.desc(),
    ),
    index('appointments_status_idx').on(t.status, t.selectedDate),
    index('appointments_calendar_idx').on(t.calendarId, t.selectedDate),
    // The patient list's appointment filters count distinct patients: these give them in
    // patient order from the index alone, so the count stops at its cap (list-total.ts).
    index('appointments_custom_status_idx').on(t.customStatusId, t.patientId),
    index('appointments_status_patient_idx').on(t.status, t.patientId),
    index('appointments_doctor_patient_idx').on(t.doctorId, t.patientId),
  ],
);

/** Public requests per (calendar, day): incremented under a row lock to enforce the capacity. */
export const registrationDays = pgTable(
  'registration_days',
  {
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('registration_days_pk').on(t.calendarId, t.day)],
);

// ---------------------------------------------------------------- time off
export const timeOff = pgTable(
  'time_off',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: created(),
  },
  (t) => [index('time_off_user_idx').on(t.userId, t.fromDate)],
);

// ---------------------------------------------------------------- documents
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    ext: text('ext').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** tosend | sent */
    status: text('status').notNull().default('tosend'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    index('documents_patient_idx').on(t.patientId, t.createdAt),
    index('documents_created_idx').on(t.createdAt, t.id),
    index('documents_status_idx').on(t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------- consultations
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

// ---------------------------------------------------------------- consent, outbox, audit
/** Every consent text ever shown on the public form; a change is a new version, never an edit. */
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
