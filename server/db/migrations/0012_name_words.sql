CREATE TABLE "patient_name_words" (
	"word" text NOT NULL,
	"name_search" text NOT NULL,
	"patient_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_name_words" ADD CONSTRAINT "patient_name_words_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_name_words_prefix_idx" ON "patient_name_words" USING btree ("word" text_pattern_ops,"name_search","patient_id");--> statement-breakpoint
CREATE INDEX "patient_name_words_patient_idx" ON "patient_name_words" USING btree ("patient_id","word" text_pattern_ops);
--> statement-breakpoint
-- The words of every name, kept by the database itself so no write path can forget them.
CREATE FUNCTION "patient_name_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.name_search IS NOT DISTINCT FROM OLD.name_search THEN RETURN NEW; END IF;
    DELETE FROM patient_name_words WHERE patient_id = OLD.id;
  END IF;
  INSERT INTO patient_name_words (word, name_search, patient_id)
    SELECT DISTINCT w, NEW.name_search, NEW.id
    FROM regexp_split_to_table(NEW.name_search, '[ -]+') AS w
    WHERE w <> '';
  RETURN NEW;
END $$;--> statement-breakpoint
INSERT INTO "patient_name_words" ("word", "name_search", "patient_id")
  SELECT DISTINCT w, p.name_search, p.id
  FROM patients p, regexp_split_to_table(p.name_search, '[ -]+') AS w
  WHERE w <> '';--> statement-breakpoint
CREATE TRIGGER "patient_name_words_sync" AFTER INSERT OR UPDATE OF "name_search" ON "patients"
  FOR EACH ROW EXECUTE FUNCTION "patient_name_words_sync"();
