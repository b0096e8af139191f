-- A doctor's or a status's patients in name order, read from these indexes alone like a day's
-- (0056): each appointment carries its patient's folded name (docs/decisions/0065-doctor-status-names.md).
-- Not in the Drizzle schema (patient_name_search is not either).
CREATE INDEX "appointments_doctor_name_idx" ON "appointments" USING btree ("doctor_id","patient_name_search","patient_id");--> statement-breakpoint
CREATE INDEX "appointments_status_name_idx" ON "appointments" USING btree ("status","patient_name_search","patient_id");
