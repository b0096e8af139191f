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
CREATE UNIQUE INDEX "waitlist_free_slots_slot_uq" ON "waitlist_free_slots" USING btree ("calendar_id","date","time");