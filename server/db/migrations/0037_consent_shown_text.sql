ALTER TABLE "consents" ADD COLUMN "shown_text" text;--> statement-breakpoint
-- Owner: privacy. The published versions carry their text, so the public form records what the patient read (issue 54, item 15).
CREATE OR REPLACE VIEW "consent_versions" AS SELECT version, created_at, text FROM consent_texts;
