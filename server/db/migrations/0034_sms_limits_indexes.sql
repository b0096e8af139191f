-- IF NOT EXISTS: this migration's journal time was once earlier than 0033's, so a database migrated
-- then may run it again (server/db/migrations.unit.test.ts keeps the times increasing).
CREATE INDEX IF NOT EXISTS "outbox_recipient_idx" ON "outbox" USING btree ("channel","to","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_sent_idx" ON "outbox" USING btree ("channel","sent_at") WHERE "outbox"."state" = 'sent';