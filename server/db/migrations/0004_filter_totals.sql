DROP INDEX "appointments_custom_status_idx";--> statement-breakpoint
CREATE INDEX "appointments_status_patient_idx" ON "appointments" USING btree ("status","patient_id");--> statement-breakpoint
CREATE INDEX "appointments_doctor_patient_idx" ON "appointments" USING btree ("doctor_id","patient_id");--> statement-breakpoint
CREATE INDEX "appointments_custom_status_idx" ON "appointments" USING btree ("custom_status_id","patient_id");