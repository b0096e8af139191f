CREATE TABLE "waitlist_free_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"doctor_id" text,
	"freed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_free_slots" ADD CONSTRAINT "waitlist_free_slots_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_free_slots" ADD CONSTRAINT "waitlist_free_slots_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_free_slots_slot_uq" ON "waitlist_free_slots" USING btree ("calendar_id","date","time");--> statement-breakpoint
-- A published view (server/db/views.ts, docs/decisions/0086-one-door-per-table.md).
-- Owner: waitlist. The slots held by an open waitlist offer and until when (issue 54, item 11):
-- the staff's slot pickers say so, and booking one asks first.
CREATE VIEW "slot_holds" AS
  SELECT calendar_id, date, time, expires_at FROM waitlist_offers WHERE state = 'open';
