-- A patient's appointments in the order the patient page and the search show them: newest first,
-- undated last. The search's columns are INCLUDE columns (not expressible in the Drizzle schema;
-- same name, same keys), so the search reads its twenty patients' appointments from the index
-- alone: half the pages it read before (docs/decisions/0084-patient-appointments-from-one-index.md).
DROP INDEX "appointments_patient_idx";--> statement-breakpoint
CREATE INDEX "appointments_patient_idx" ON "appointments" USING btree ("patient_id","selected_date" DESC NULLS LAST,"selected_time" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","custom_status_id","doctor_id","calendar_id");
