CREATE TABLE "consultation_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_guid" uuid NOT NULL,
	"patient_id" integer NOT NULL,
	"register_year" integer NOT NULL,
	"register_number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" text,
	"signed_pdf" "bytea",
	"document_id" integer,
	"sent_at" timestamp with time zone,
	"outbox_id" integer
);
--> statement-breakpoint
CREATE TABLE "letter_register" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_entries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_groups" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_groups" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "specialty" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parafa_code" text;--> statement-breakpoint
ALTER TABLE "consultation_letters" ADD CONSTRAINT "consultation_letters_group_guid_consultation_groups_guid_fk" FOREIGN KEY ("group_guid") REFERENCES "public"."consultation_groups"("guid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_letters" ADD CONSTRAINT "consultation_letters_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_letters" ADD CONSTRAINT "consultation_letters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_letters" ADD CONSTRAINT "consultation_letters_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_letters" ADD CONSTRAINT "consultation_letters_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_letters_register_idx" ON "consultation_letters" USING btree ("register_year","register_number");--> statement-breakpoint
CREATE INDEX "consultation_letters_group_idx" ON "consultation_letters" USING btree ("group_guid","id");--> statement-breakpoint
CREATE INDEX "consultation_letters_patient_idx" ON "consultation_letters" USING btree ("patient_id");--> statement-breakpoint
ALTER TABLE "consultation_groups" ADD CONSTRAINT "consultation_groups_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_entries_version_idx" ON "consultation_entries" USING btree ("group_guid","type","version");