ALTER TABLE "calendars" ADD COLUMN "remote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The public calendar books the public form's remote consultations (issue 54, item 14).
UPDATE "calendars" SET "remote" = true WHERE "public_requests";--> statement-breakpoint
-- Owner: calendars. The published view carries the setting (appended: OR REPLACE keeps the others).
CREATE OR REPLACE VIEW "calendar_titles" AS SELECT id, title, public_requests, daily_capacity, remote FROM calendars;
