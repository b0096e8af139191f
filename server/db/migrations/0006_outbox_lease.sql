ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_lease_idx" ON "outbox" USING btree ("lease_until") WHERE "outbox"."state" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_message_key_idx" ON "outbox" USING btree ("message_key");