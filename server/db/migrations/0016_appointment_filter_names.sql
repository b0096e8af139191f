DROP INDEX "appointments_date_idx";--> statement-breakpoint
CREATE INDEX "patients_id_name_idx" ON "patients" USING btree ("id","name_search");--> statement-breakpoint
CREATE INDEX "appointments_date_idx" ON "appointments" USING btree ("selected_date","selected_time","patient_id");