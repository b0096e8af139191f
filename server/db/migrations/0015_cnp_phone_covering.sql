DROP INDEX "patients_cnp_reverse_idx";--> statement-breakpoint
DROP INDEX "patients_phone_idx";--> statement-breakpoint
CREATE INDEX "patients_cnp_name_idx" ON "patients" USING btree ("cnp","name_search","id");--> statement-breakpoint
CREATE INDEX "patients_cnp_reverse_idx" ON "patients" USING btree (reverse("cnp"),"name_search","id");--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("phone","name_search","id");