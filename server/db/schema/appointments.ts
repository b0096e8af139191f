/**
 * Appointments, custom statuses and the counts kept beside them (owner: appointments).
 *
 * Database logic of this owner: `appointment_completed_days_sync` with
 * `appointment_completed_days_status_changed` (migration 0027) keep appointment_completed_days
 * equal to the appointments that count as completed, a count that must match what it counts
 * whatever writes (the dashboard's "completed", docs/decisions/0081). The calendars owner keeps
 * its month's counts and change log from this table's writes too (schema/calendars.ts).
 * `appointment_patient_name_fill` (migration 0035) copies the patient's folded name into a new
 * row, a copy that must match its source (`patientNameSearch`).
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staffRef } from './auth';
import { calendarRef, calendars } from './calendars';
import { created, ts, updated } from './columns';
import { patientRef } from './patients';

export const appointmentStatuses = pgTable('appointment_statuses', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  withoutAppointment: boolean('without_appointment').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
  /**
   * Set on the statuses the product itself relies on (the patient journey): `no_show`
   * ("Neprezentat", set by staff after the time) and `cancelled_by_patient` ("Anulat de pacient",
   * set by the self-service page). Seeded by migration 0010; admins may rename them, not delete them.
   */
  builtin: text('builtin').unique(),
  createdAt: created(),
});
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    patientId: patientRef(),
    doctorId: staffRef('doctor_id'),
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
    /** The patient confirmed on the self-service page that they will come. */
    attendanceConfirmedAt: ts('attendance_confirmed_at'),
    /** The patient asked for another date on the self-service page (a flag staff see) and why. */
    rescheduleRequestedAt: ts('reschedule_requested_at'),
    rescheduleNote: text('reschedule_note'),
    /** When and by whom it was cancelled: `patient` (self-service) or the staff user's id. */
    cancelledAt: ts('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    /**
     * It held a slot and left it, for another slot or none: the dashboard's "rescheduled"
     * (docs/decisions/0081-dashboard-counts-kept.md). Set by the repository's writes.
     */
    moved: boolean('moved').notNull().default(false),
    /**
     * The patient's folded name, copied so that a list filtered by a day, a doctor or a status
     * reads its patients in name order from one index, and a common name's appointments are
     * checked without a second read (docs/decisions/0089). Filled on insert by
     * `appointment_patient_name_fill` (migration 0035) from the patients' published view; a
     * rename reaches it through the `patient.renamed` event.
     */
    patientNameSearch: text('patient_name_search').notNull().default(''),
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
    // A patient's appointments in the order the patient page and the search show them (newest
    // first, undated last). Migration 0029 adds the columns the search reads as INCLUDE, which
    // Drizzle cannot express: the search reads its patients' appointments from the index alone
    // (docs/decisions/0084-patient-appointments-from-one-index.md).
    index('appointments_patient_idx').on(
      t.patientId,
      t.selectedDate.desc().nullsLast(),
      t.selectedTime.desc().nullsLast(),
      t.id.desc(),
    ),
    index('appointments_doctor_idx').on(t.doctorId, t.selectedDate),
    // Also the patient list's date filter: the day's patients from the index alone (0051).
    index('appointments_date_idx').on(t.selectedDate, t.selectedTime, t.patientId),
    // The appointment list's two orders, read from an index so a page stops after its rows
    // (docs/PERFORMANCE.md): upcoming first with undated last (hideOlder), and newest first.
    // The upcoming one also carries selected_date and the patient's folded name as INCLUDE
    // columns (migration 0035; Drizzle cannot express them): a common name is walked in list
    // order from the index alone (docs/decisions/0089).
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
    // A day's, a doctor's or a status's patients in name order, each once (0089).
    index('appointments_date_name_idx').on(t.selectedDate, t.patientNameSearch, t.patientId),
    index('appointments_doctor_name_idx').on(t.doctorId, t.patientNameSearch, t.patientId),
    index('appointments_status_name_idx').on(t.status, t.patientNameSearch, t.patientId),
    // The upcoming list filtered by a status or a doctor, in its order: a page reads its 20
    // entries. Walking the upcoming index instead read every appointment from today until 20
    // matched: 370 for a status, 590 for one of 30 doctors
    // (docs/decisions/0078-filtered-upcoming-indexes.md).
    index('appointments_status_upcoming_idx').on(
      t.status,
      sql`coalesce(${t.selectedDate}, 'infinity'::date)`,
      t.selectedTime,
      t.id,
    ),
    // Without the public form's requests, which have no doctor: they do not pay for it.
    index('appointments_doctor_upcoming_idx')
      .on(t.doctorId, sql`coalesce(${t.selectedDate}, 'infinity'::date)`, t.selectedTime, t.id)
      .where(sql`${t.doctorId} is not null`),
    // A calendar's month: each day counted from the index alone (status and custom status are in
    // it), then its first events read in display order (server/features/calendars/repository.ts).
    index('appointments_calendar_day_idx').on(
      t.calendarId,
      t.selectedDate,
      sql`coalesce(${t.selectedTime}, '08:00'::time)`,
      t.id,
      t.status,
      t.customStatusId,
    ),
    // The same for the dashboard's month of every calendar.
    index('appointments_day_order_idx').on(
      t.selectedDate,
      sql`coalesce(${t.selectedTime}, '08:00'::time)`,
      t.id,
      t.status,
      t.customStatusId,
    ),
    // The patient list's appointment filters count distinct patients: these give them in
    // patient order from the index alone, so the count stops at its cap (list-total.ts). (A
    // doctor's and a status's patients in name order come from two more indexes on the name
    // each appointment carries, migration 0022, docs/decisions/0065-doctor-status-names.md.)
    index('appointments_custom_status_idx').on(t.customStatusId, t.patientId),
    index('appointments_status_patient_idx').on(t.status, t.patientId),
    index('appointments_doctor_patient_idx').on(t.doctorId, t.patientId),
  ],
);

/** The appointment a row was made for, if any: set to null if the appointment is deleted. */
export const appointmentRef = () =>
  integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' });

/**
 * Appointments newest first, undated last: the order of appointments_recent_idx, and of
 * appointments_patient_idx after the patient, so a query that orders by it reads either index
 * without sorting. Every key says `nulls last` as the indexes do, the id too: PostgreSQL matches
 * an order to an index by its words, not knowing that an id is never null, and `id desc` (nulls
 * first) left a sort on the ids (docs/decisions/0084-patient-appointments-from-one-index.md).
 * `table`: the table as the statement names it (an alias in SQL written by hand).
 */
export const appointmentsNewestFirst = (table: SQL = sql`${appointments}`) => [
  sql`${table}.selected_date desc nulls last`,
  sql`${table}.selected_time desc nulls last`,
  sql`${table}.id desc nulls last`,
];

/**
 * The dashboard's "completed" per day and calendar (0: none): the appointments of that day that
 * held a slot or carry a custom status without appointment, kept by the triggers named at the top.
 */
export const appointmentCompletedDays = pgTable(
  'appointment_completed_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    calendarId: integer('calendar_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'appointment_completed_days_pk', columns: [t.day, t.calendarId] })],
);

/**
 * How many public requests each day of the public calendar has taken (its daily capacity):
 * counted under the row lock of (calendar, day), so the capacity holds under concurrent requests.
 */
export const registrationDays = pgTable(
  'registration_days',
  {
    calendarId: calendarRef(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('registration_days_pk').on(t.calendarId, t.day)],
);
