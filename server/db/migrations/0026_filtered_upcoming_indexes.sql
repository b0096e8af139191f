-- The upcoming appointment list filtered by a status or a doctor, read in its order so a page stops
-- after its 20 entries (docs/decisions/0078-filtered-upcoming-indexes.md). The public form's
-- requests have no doctor and are left out of the doctor's index.
CREATE INDEX "appointments_status_upcoming_idx" ON "appointments" USING btree ("status",coalesce("selected_date", 'infinity'::date),"selected_time","id");--> statement-breakpoint
CREATE INDEX "appointments_doctor_upcoming_idx" ON "appointments" USING btree ("doctor_id",coalesce("selected_date", 'infinity'::date),"selected_time","id") WHERE "appointments"."doctor_id" is not null;
