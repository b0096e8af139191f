-- The patient's folded name beside each of their appointments, kept by the database itself
-- (docs/decisions/0056-appointment-patient-names.md): the patient list filtered by an
-- appointment's day reads that day's patients in name order from one index, instead of looking up
-- every patient of the day and sorting them all (2,240 a day at 1,000,000 patients). Not in the
-- Drizzle schema: no application code reads or writes it, only the list's SQL and these triggers.
ALTER TABLE "appointments" ADD COLUMN "patient_name_search" text;--> statement-breakpoint
-- Fills every appointment's name from its patient (this migration, and bench/data.ts after a
-- bulk load with the triggers off).
CREATE FUNCTION "appointment_patient_names_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE appointments a SET patient_name_search = p.name_search
  FROM patients p WHERE p.id = a.patient_id AND a.patient_name_search IS DISTINCT FROM p.name_search;
$$;--> statement-breakpoint
SELECT appointment_patient_names_rebuild();--> statement-breakpoint
-- A new appointment, or one moved to another patient, takes the patient's name. FOR SHARE waits
-- for a rename of that patient in progress, so the name read is the one that commits.
CREATE FUNCTION "appointment_patient_name_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.patient_name_search := (SELECT name_search FROM patients WHERE id = NEW.patient_id FOR SHARE);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_patient_name_set"
  BEFORE INSERT OR UPDATE OF "patient_id", "patient_name_search" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_patient_name_set"();--> statement-breakpoint
-- A renamed patient's appointments follow the new name.
CREATE FUNCTION "patient_name_to_appointments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE appointments SET patient_name_search = NEW.name_search WHERE patient_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "patient_name_to_appointments"
  AFTER UPDATE OF "name_search" ON "patients"
  FOR EACH ROW WHEN (OLD.name_search IS DISTINCT FROM NEW.name_search)
  EXECUTE FUNCTION "patient_name_to_appointments"();--> statement-breakpoint
CREATE INDEX "appointments_date_name_idx" ON "appointments" USING btree ("selected_date", "patient_name_search", "patient_id");
