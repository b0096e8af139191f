DROP INDEX "patients_cnp_reverse_idx";--> statement-breakpoint
CREATE INDEX "patients_cnp_head_idx" ON "patients" USING btree (left("cnp", 4),"name_search","id","cnp");--> statement-breakpoint
CREATE INDEX "patients_cnp_tail_idx" ON "patients" USING btree (right("cnp", 4),"name_search","id","cnp");--> statement-breakpoint
CREATE INDEX "patients_phone_head_idx" ON "patients" USING btree (left("phone", 6),"name_search","id","phone");--> statement-breakpoint
CREATE INDEX "patients_cnp_reverse_idx" ON "patients" USING btree (reverse("cnp"),"name_search","id","cnp");