CREATE TABLE "self_service_links" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "self_service_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "appointment_statuses" ADD COLUMN "builtin" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "attendance_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_note" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "self_service_links" ADD CONSTRAINT "self_service_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_appointment_idx" ON "outbox" USING btree ("appointment_id") WHERE "outbox"."appointment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_purpose_uq" ON "outbox" USING btree ("appointment_id","channel","purpose") WHERE "outbox"."purpose" is not null and "outbox"."state" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "appointment_statuses" ADD CONSTRAINT "appointment_statuses_builtin_unique" UNIQUE("builtin");--> statement-breakpoint
-- The statuses the patient journey relies on: an existing "Anulat de pacient" (an institute
-- that made one by hand) becomes the built-in one instead of getting a twin.
UPDATE "appointment_statuses" SET "builtin" = 'cancelled_by_patient' WHERE "id" = (SELECT min("id") FROM "appointment_statuses" WHERE "title" = 'Anulat de pacient');--> statement-breakpoint
INSERT INTO "appointment_statuses" ("title", "without_appointment", "builtin") SELECT 'Anulat de pacient', true, 'cancelled_by_patient' WHERE NOT EXISTS (SELECT 1 FROM "appointment_statuses" WHERE "builtin" = 'cancelled_by_patient');--> statement-breakpoint
UPDATE "appointment_statuses" SET "builtin" = 'no_show' WHERE "id" = (SELECT min("id") FROM "appointment_statuses" WHERE "title" = 'Neprezentat');--> statement-breakpoint
INSERT INTO "appointment_statuses" ("title", "without_appointment", "builtin") SELECT 'Neprezentat', false, 'no_show' WHERE NOT EXISTS (SELECT 1 FROM "appointment_statuses" WHERE "builtin" = 'no_show');
