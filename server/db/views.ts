/**
 * The published read views: what an owner lets other owners join inside one statement
 * (docs/decisions/0086-one-door-per-table.md). A list that shows another owner's facts beside
 * its own rows (an appointment's patient, a patient's latest appointment) reads them here, in
 * the same statement, instead of a second round trip per page (which cost a quarter to a third
 * of the appointment list's requests per second). Each view belongs to the owner of its table,
 * which keeps its columns stable; it is read-only, created by migration 0031, and its owner is
 * the only feature that names the table itself.
 */
import { boolean, date, integer, jsonb, pgView, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';

/** Owner: patients. A patient as other lists show them. */
export const patientCards = pgView('patient_cards', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  /** The name folded (domain/text.ts foldText), for ordering by name. */
  nameSearch: text('name_search').notNull(),
  cnp: text('cnp').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  covidVaccine: smallint('covid_vaccine').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
}).existing();

/**
 * Owner: patients. Every word of every patient's folded name, each with the patient and the
 * folded name (the name filters: a word typed is one range of its index, any word order).
 */
export const patientWords = pgView('patient_words', {
  patientId: integer('patient_id').notNull(),
  word: text('word').notNull(),
  nameSearch: text('name_search').notNull(),
}).existing();

/** Owner: platform/auth. A staff member's name and address as the lists show them, and whether a doctor. */
export const staffNames = pgView('staff_names', {
  id: text('id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  doctor: boolean('doctor').notNull(),
}).existing();

/**
 * Owner: calendars. A calendar's title, whether it takes public requests, its own daily capacity
 * and whether its consultations are remote (migration 0036).
 */
export const calendarTitles = pgView('calendar_titles', {
  id: integer('id').notNull(),
  title: text('title').notNull(),
  publicRequests: boolean('public_requests').notNull(),
  dailyCapacity: integer('daily_capacity'),
  remote: boolean('remote').notNull(),
}).existing();

/** Owner: calendars. A calendar's unavailable days (holidays, closures). */
export const calendarClosedDays = pgView('calendar_closed_days', {
  calendarId: integer('calendar_id').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
}).existing();

/** Owner: calendars. A calendar's weekly availability: each entry's weekday, start and end. */
export const calendarHours = pgView('calendar_hours', {
  calendarId: integer('calendar_id').notNull(),
  weekday: smallint('weekday').notNull(),
  fromTime: time('from_time').notNull(),
  toTime: time('to_time').notNull(),
}).existing();

/** Owner: appointments. An appointment's facts with its custom status, for lists of other owners. */
export const appointmentFacts = pgView('appointment_facts', {
  id: integer('id').notNull(),
  patientId: integer('patient_id').notNull(),
  doctorId: text('doctor_id'),
  calendarId: integer('calendar_id'),
  status: text('status').notNull(),
  customStatusId: integer('custom_status_id'),
  statusTitle: text('status_title'),
  /** The custom status says the appointment does not take place (SPEC §4 without_appointment). */
  statusWithout: boolean('status_without'),
  selectedDate: date('selected_date', { mode: 'string' }),
  selectedTime: time('selected_time'),
  holdsSlot: boolean('holds_slot').notNull(),
  /** The patient's folded name, carried by each appointment (0089). */
  patientNameSearch: text('patient_name_search').notNull(),
}).existing();

/** Owner: appointments. The custom statuses, hidden ones too. */
export const customStatuses = pgView('custom_statuses', {
  id: integer('id').notNull(),
  title: text('title').notNull(),
  withoutAppointment: boolean('without_appointment').notNull(),
}).existing();

/** Owner: privacy. The consent texts' versions, the newest last by `createdAt`. */
export const consentVersions = pgView('consent_versions', {
  version: text('version').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  text: text('text').notNull(),
}).existing();

/** Owner: appointments. How many public requests a day of a calendar has taken. */
export const publicDayRequests = pgView('public_day_requests', {
  calendarId: integer('calendar_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  count: integer('count').notNull(),
}).existing();

/** Owner: consultations. The days a patient was seen: each consultation and each entry written (the retention review). */
export const consultationDays = pgView('consultation_days', {
  patientId: integer('patient_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}).existing();

/** Owner: documents. The days a patient's documents were added (the retention review). */
export const documentDays = pgView('document_days', {
  patientId: integer('patient_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}).existing();

/** Owner: platform/settings. The clinic-wide settings (the session check reads "require two-factor"). */
export const clinicSettings = pgView('clinic_settings', {
  key: text('key').notNull(),
  value: jsonb('value'),
}).existing();

/** Owner: my-account. A doctor's time off. */
export const timeOffPeriods = pgView('time_off_periods', {
  id: integer('id').notNull(),
  userId: text('user_id').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
}).existing();

/**
 * Owner: waitlist. The slots an open waitlist offer holds and until when (migration 0038): the
 * staff's slot pickers say so, and booking one asks first (issue 54, item 11). An offer past
 * `expiresAt` holds nothing any more, even before the timer marks it expired.
 */
export const slotHolds = pgView('slot_holds', {
  calendarId: integer('calendar_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  time: time('time').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}).existing();
