-- One door per table (docs/decisions/0086-one-door-per-table.md).
--
-- A patient on a waitlist is kept by it, like by any other record of theirs: deleting the patient
-- is refused instead of silently removing their places (a spam request's patient is deleted only
-- when nothing refers to it).
ALTER TABLE "waitlist_entries" DROP CONSTRAINT "waitlist_entries_patient_id_patients_id_fk";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The patient's name no longer rides on each appointment (migrations 0018, 0020, 0022, 0024): the
-- lists join the patients owner's published view patient_cards. The copies, the triggers that kept
-- them, and the indexes that carried them go; the two list orders' indexes are made again without.
DROP TRIGGER "appointment_patient_name_set" ON "appointments";--> statement-breakpoint
DROP TRIGGER "patient_name_to_appointments" ON "patients";--> statement-breakpoint
DROP FUNCTION "appointment_patient_name_set"();--> statement-breakpoint
DROP FUNCTION "patient_name_to_appointments"();--> statement-breakpoint
DROP FUNCTION "appointment_patient_names_rebuild"();--> statement-breakpoint
DROP TRIGGER "appointment_calendar_updated" ON "appointments";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "patient_name_search", DROP COLUMN "patient_name";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_recent_idx" ON "appointments" USING btree ("selected_date" DESC NULLS LAST,"selected_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_upcoming_idx" ON "appointments" USING btree (coalesce("selected_date", 'infinity'::date),"selected_time","id");--> statement-breakpoint
-- The months' change log (0028): an appointment's change to what its event shows, as before but
-- for the name it no longer carries; a renamed patient changes the months of their calendars.
CREATE TRIGGER "appointment_calendar_updated"
  AFTER UPDATE OF "selected_date", "selected_time", "status", "custom_status_id", "doctor_id", "calendar_id"
  ON "appointments" FOR EACH ROW
  WHEN ((OLD.selected_date IS NOT NULL OR NEW.selected_date IS NOT NULL)
    AND (OLD.selected_date, OLD.selected_time, OLD.status, OLD.custom_status_id, OLD.doctor_id, OLD.calendar_id)
      IS DISTINCT FROM (NEW.selected_date, NEW.selected_time, NEW.status, NEW.custom_status_id, NEW.doctor_id, NEW.calendar_id))
  EXECUTE FUNCTION "appointment_calendar_changed"();--> statement-breakpoint
CREATE FUNCTION "patient_calendars_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calendar_changes (calendar_id)
    SELECT DISTINCT coalesce(a.calendar_id, -1) FROM appointments a
    WHERE a.patient_id = NEW.id AND a.selected_date IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "patient_renamed" AFTER UPDATE OF "name" ON "patients" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "patient_calendars_changed"();--> statement-breakpoint
-- An appointment that leaves its slot is marked moved by the appointments owner's own write
-- (repository/writes.ts updateAppointment), its only writer, instead of a trigger.
DROP TRIGGER "appointment_mark_moved" ON "appointments";--> statement-breakpoint
DROP FUNCTION "appointment_mark_moved"();
