-- Each appointment carries its patient's folded name (docs/decisions/0089): a day's, a doctor's or a
-- status's patients read in name order from one index, and a common name walked in list order.
ALTER TABLE "appointments" ADD COLUMN "patient_name_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "appointments" a SET "patient_name_search" = p."name_search" FROM "patients" p WHERE p."id" = a."patient_id";--> statement-breakpoint
-- Owner: appointments. The copy must match its source from the first moment: filled on insert from the
-- patients' published view, whatever writes the row; a rename reaches it through `patient.renamed`.
CREATE FUNCTION "appointment_patient_name_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.patient_name_search := coalesce((SELECT name_search FROM patient_cards WHERE id = NEW.patient_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_patient_name_fill" BEFORE INSERT ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_patient_name_fill"();--> statement-breakpoint
CREATE INDEX "appointments_date_name_idx" ON "appointments" USING btree ("selected_date","patient_name_search","patient_id");--> statement-breakpoint
CREATE INDEX "appointments_doctor_name_idx" ON "appointments" USING btree ("doctor_id","patient_name_search","patient_id");--> statement-breakpoint
CREATE INDEX "appointments_status_name_idx" ON "appointments" USING btree ("status","patient_name_search","patient_id");--> statement-breakpoint
DROP INDEX "appointments_upcoming_idx";--> statement-breakpoint
CREATE INDEX "appointments_upcoming_idx" ON "appointments" USING btree (coalesce("selected_date", 'infinity'::date),"selected_time","id") INCLUDE ("selected_date","patient_name_search");--> statement-breakpoint
-- Owner: appointments. The published facts carry the copy, for the patients' lists in name order.
CREATE OR REPLACE VIEW "appointment_facts" AS
  SELECT a.id, a.patient_id, a.doctor_id, a.calendar_id, a.status, a.custom_status_id, s.title AS status_title,
    s.without_appointment AS status_without, a.selected_date, a.selected_time, a.holds_slot, a.patient_name_search
  FROM appointments a LEFT JOIN appointment_statuses s ON s.id = a.custom_status_id;
