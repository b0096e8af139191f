CREATE TABLE "calendar_feed_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_hash_uq" ON "calendar_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
-- App data leaves better-auth's verifications table: the require-two-factor setting and the
-- calendar-feed token hashes move to their own tables.
INSERT INTO "settings" ("key", "value")
  SELECT 'require-two-factor', to_jsonb(value = 'true') FROM "verifications" WHERE identifier = 'setting:require-2fa'
  ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "calendar_feed_tokens" ("user_id", "token_hash", "created_at")
  SELECT u.id, v.value, v.created_at FROM "verifications" v JOIN "users" u ON v.identifier = 'ics:' || u.id
  ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
DELETE FROM "verifications" WHERE identifier = 'setting:require-2fa' OR identifier LIKE 'ics:%';
