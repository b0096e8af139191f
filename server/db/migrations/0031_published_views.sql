-- The published read views (server/db/views.ts, docs/decisions/0086-one-door-per-table.md): what an
-- owner lets other owners join inside one statement. Each belongs to the owner of its table.
-- Owner: patients.
CREATE VIEW "patient_cards" AS
  SELECT id, name, name_search, cnp, phone, email, covid_vaccine, created_at, anonymised_at FROM patients;--> statement-breakpoint
-- Owner: patients.
CREATE VIEW "patient_words" AS SELECT patient_id, word, name_search FROM patient_name_words;--> statement-breakpoint
-- Owner: platform/auth.
CREATE VIEW "staff_names" AS SELECT id, name, email, doctor FROM users;--> statement-breakpoint
-- Owner: calendars.
CREATE VIEW "calendar_titles" AS SELECT id, title, public_requests, daily_capacity FROM calendars;--> statement-breakpoint
CREATE VIEW "calendar_closed_days" AS SELECT calendar_id, from_date, to_date FROM calendar_unavailable_days;--> statement-breakpoint
CREATE VIEW "calendar_hours" AS SELECT calendar_id, weekday, from_time, to_time FROM calendar_availability;--> statement-breakpoint
-- Owner: appointments.
CREATE VIEW "appointment_facts" AS
  SELECT a.id, a.patient_id, a.doctor_id, a.calendar_id, a.status, a.custom_status_id, s.title AS status_title,
    s.without_appointment AS status_without, a.selected_date, a.selected_time, a.holds_slot
  FROM appointments a LEFT JOIN appointment_statuses s ON s.id = a.custom_status_id;--> statement-breakpoint
-- Owner: appointments.
CREATE VIEW "custom_statuses" AS SELECT id, title, without_appointment FROM appointment_statuses;--> statement-breakpoint
CREATE VIEW "public_day_requests" AS SELECT calendar_id, day, count FROM registration_days;--> statement-breakpoint
-- Owner: privacy.
CREATE VIEW "consent_versions" AS SELECT version, created_at FROM consent_texts;--> statement-breakpoint
-- Owner: consultations.
CREATE VIEW "consultation_days" AS
  SELECT patient_id, date AS day FROM consultation_groups
  UNION ALL SELECT patient_id, (created_at AT TIME ZONE 'Europe/Bucharest')::date FROM consultation_entries;--> statement-breakpoint
-- Owner: documents.
CREATE VIEW "document_days" AS SELECT patient_id, (created_at AT TIME ZONE 'Europe/Bucharest')::date AS day FROM documents;--> statement-breakpoint
-- Owner: platform/settings.
CREATE VIEW "clinic_settings" AS SELECT key, value FROM settings;--> statement-breakpoint
-- Owner: my-account.
CREATE VIEW "time_off_periods" AS SELECT id, user_id, from_date, to_date FROM time_off;
