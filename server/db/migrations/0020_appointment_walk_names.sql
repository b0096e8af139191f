-- The appointment list's two orders carry each appointment's folded patient name (0056), so a
-- common name's page is read from the index alone, in list order, checking the name in each
-- entry instead of probing the name words per appointment (docs/decisions/0060-appointment-name-walk.md).
-- The upcoming order also carries selected_date: PostgreSQL reads an index alone only when the
-- plain columns under its coalesce() are in it. Not in the Drizzle schema (INCLUDE is not
-- expressible there); same names, same keys.
DROP INDEX IF EXISTS "appointments_recent_idx";--> statement-breakpoint
CREATE INDEX "appointments_recent_idx" ON "appointments" USING btree ("selected_date" DESC NULLS LAST,"selected_time" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("patient_name_search");--> statement-breakpoint
DROP INDEX IF EXISTS "appointments_upcoming_idx";--> statement-breakpoint
CREATE INDEX "appointments_upcoming_idx" ON "appointments" USING btree (coalesce("selected_date", 'infinity'::date),"selected_time","id") INCLUDE ("selected_date","patient_name_search");
