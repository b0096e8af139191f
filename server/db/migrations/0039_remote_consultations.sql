-- Remote consultations (issue 48, docs/decisions/0097-remote-consultation-record.md): one per
-- appointment, its intervals, the built-in status "Efectuată", the dashboard's "completed" from
-- recorded outcomes.
CREATE TABLE "remote_consultation_intervals" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultation_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_as" text
);
--> statement-breakpoint
CREATE TABLE "remote_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer,
	"patient_id" integer NOT NULL,
	"group_guid" uuid,
	"doctor_id" text,
	"calendar_id" integer,
	"channel" text NOT NULL,
	"channel_other" text,
	"consent" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"identity_check" text,
	"identity_other" text,
	"outcome" text,
	"ended_at" timestamp with time zone,
	"register_year" integer,
	"register_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_consultation_intervals" ADD CONSTRAINT "remote_consultation_intervals_consultation_id_remote_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."remote_consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_consultations" ADD CONSTRAINT "remote_consultations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_consultations" ADD CONSTRAINT "remote_consultations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_consultations" ADD CONSTRAINT "remote_consultations_group_guid_consultation_groups_guid_fk" FOREIGN KEY ("group_guid") REFERENCES "public"."consultation_groups"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_consultations" ADD CONSTRAINT "remote_consultations_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_consultation_intervals_idx" ON "remote_consultation_intervals" USING btree ("consultation_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_consultation_intervals_open_uq" ON "remote_consultation_intervals" USING btree ("consultation_id") WHERE "remote_consultation_intervals"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_consultations_appointment_uq" ON "remote_consultations" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_consultations_group_uq" ON "remote_consultations" USING btree ("group_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_consultations_register_uq" ON "remote_consultations" USING btree ("register_year","register_number") WHERE "remote_consultations"."register_number" is not null;--> statement-breakpoint
CREATE INDEX "remote_consultations_patient_idx" ON "remote_consultations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "remote_consultations_ended_idx" ON "remote_consultations" USING btree ("ended_at");--> statement-breakpoint
-- The built-in "Efectuată" (issue 48): set when a remote consultation ends completed; renamable,
-- not deletable, like "Neprezentat". An institute's own "Efectuată" becomes it instead of a twin.
UPDATE "appointment_statuses" SET "builtin" = 'completed' WHERE "id" = (SELECT min("id") FROM "appointment_statuses" WHERE "title" = 'Efectuată' AND NOT "without_appointment" AND "builtin" IS NULL);--> statement-breakpoint
INSERT INTO "appointment_statuses" ("title", "without_appointment", "builtin") SELECT 'Efectuată', false, 'completed' WHERE NOT EXISTS (SELECT 1 FROM "appointment_statuses" WHERE "builtin" = 'completed');--> statement-breakpoint
-- The dashboard's "completed" from recorded outcomes (docs/decisions/0097): an appointment
-- carrying "Efectuată" counts; a no-show ("Neprezentat") never does, though it keeps its slot; an
-- appointment of a remote calendar counts only once its consultation was recorded completed; an
-- in-person slot that passed still counts as before (nothing records its outcome yet), and so
-- does a custom status without appointment.
CREATE OR REPLACE FUNCTION "appointment_counts_as_completed_in"(holds_slot boolean, status text, custom_status_id integer, calendar_id integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE (SELECT s.builtin FROM appointment_statuses s WHERE s.id = custom_status_id)
    WHEN 'completed' THEN true
    WHEN 'no_show' THEN false
    ELSE (holds_slot AND NOT coalesce((SELECT c.remote FROM calendars c WHERE c.id = calendar_id), false))
      OR (status = 'custom' AND EXISTS (
        SELECT 1 FROM appointment_statuses s WHERE s.id = custom_status_id AND s.without_appointment))
  END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_completed_days_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  od date; oc integer; nd date; nc integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.selected_date IS NOT NULL
    AND appointment_counts_as_completed_in(OLD.holds_slot, OLD.status, OLD.custom_status_id, OLD.calendar_id) THEN
    od := OLD.selected_date; oc := coalesce(OLD.calendar_id, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.selected_date IS NOT NULL
    AND appointment_counts_as_completed_in(NEW.holds_slot, NEW.status, NEW.custom_status_id, NEW.calendar_id) THEN
    nd := NEW.selected_date; nc := coalesce(NEW.calendar_id, 0);
  END IF;
  IF (od, oc) IS NOT DISTINCT FROM (nd, nc) THEN RETURN NULL; END IF;
  IF od IS NOT NULL AND (nd IS NULL OR (od, oc) < (nd, nc)) THEN
    PERFORM appointment_completed_days_add(od, oc, -1);
    IF nd IS NOT NULL THEN PERFORM appointment_completed_days_add(nd, nc, 1); END IF;
  ELSE
    IF nd IS NOT NULL THEN PERFORM appointment_completed_days_add(nd, nc, 1); END IF;
    IF od IS NOT NULL THEN PERFORM appointment_completed_days_add(od, oc, -1); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_completed_days_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM appointment_completed_days;
  INSERT INTO appointment_completed_days (day, calendar_id, n)
    SELECT ap.selected_date, coalesce(ap.calendar_id, 0), count(*)
    FROM appointments ap
    WHERE ap.selected_date IS NOT NULL
      AND appointment_counts_as_completed_in(ap.holds_slot, ap.status, ap.custom_status_id, ap.calendar_id)
    GROUP BY 1, 2;
$$;--> statement-breakpoint
DROP FUNCTION "appointment_counts_as_completed"(boolean, text, integer);--> statement-breakpoint
SELECT appointment_completed_days_rebuild();--> statement-breakpoint
-- A calendar that starts or stops holding remote consultations changes what its past counts.
CREATE TRIGGER "appointment_completed_days_calendar_changed"
  AFTER UPDATE OF "remote" ON "calendars"
  FOR EACH ROW WHEN (OLD.remote IS DISTINCT FROM NEW.remote)
  EXECUTE FUNCTION "appointment_completed_days_status_changed"();
