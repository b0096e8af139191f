-- The dashboard's "rescheduled" and "completed" figures from what the database keeps as
-- appointments change (docs/decisions/0081-dashboard-counts-kept.md). Before, "rescheduled"
-- matched each upcoming slot-holder against the audit log's create and set-status events (400 ms
-- at 100,000 patients) and "completed" read every past appointment (90 ms), both growing with the
-- institute's whole history.
--
-- Rescheduled: a flag on each appointment. Not in the Drizzle schema, like patient_name_search:
-- no application code writes it, only this trigger, and only the dashboard's count reads it.
ALTER TABLE "appointments" ADD COLUMN "moved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The appointments moved before this migration, by the audit log's definition of decision 0012:
-- an earlier create or set-status event recorded another calendar, date or time than the one
-- held now (this migration, and bench/data.ts after a bulk load with the triggers off).
CREATE FUNCTION "appointment_moved_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE appointments ap SET moved = true
  WHERE ap.holds_slot AND NOT ap.moved AND EXISTS (
    SELECT 1 FROM audit_events e
    WHERE e.action IN ('appointment.create', 'appointment.set-status')
      AND e.entity_type = 'appointment' AND e.entity_id = ap.id::text
      AND e.details ->> 'date' IS NOT NULL
      AND (e.details ->> 'date' <> ap.selected_date::text
        OR e.details ->> 'time' <> to_char(ap.selected_time, 'HH24:MI')
        OR (e.details ->> 'calendarId')::int <> ap.calendar_id));
$$;--> statement-breakpoint
SELECT appointment_moved_rebuild();--> statement-breakpoint
-- From now on: an appointment that held a slot and leaves it, for another slot or for none, was
-- moved. Whatever moves it (staff, the waitlist, a future feature), the database sees it.
CREATE FUNCTION "appointment_mark_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.moved := true;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_mark_moved"
  BEFORE UPDATE OF "calendar_id", "selected_date", "selected_time" ON "appointments"
  FOR EACH ROW
  WHEN (OLD.holds_slot AND (OLD.calendar_id, OLD.selected_date, OLD.selected_time)
    IS DISTINCT FROM (NEW.calendar_id, NEW.selected_date, NEW.selected_time))
  EXECUTE FUNCTION "appointment_mark_moved"();--> statement-breakpoint
-- The count reads the upcoming moved slot-holders from this index alone.
CREATE INDEX "appointments_moved_upcoming_idx" ON "appointments" USING btree ("selected_date")
  WHERE "appointments"."moved" AND "appointments"."holds_slot";
--> statement-breakpoint
-- Completed (decision 0012): per day and calendar (0: none), the appointments that held a slot or
-- carry a custom status marked "without appointment". The figure is the sum of the days before
-- today: about 11,000 rows after five years with six calendars, whatever the number of
-- appointments. Keyed by calendar like appointment_day_counts, so a counter row is only shared by
-- writes that already wait for each other (one calendar's writes run one at a time).
CREATE TABLE "appointment_completed_days" (
	"day" date NOT NULL,
	"calendar_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_completed_days_pk" PRIMARY KEY("day","calendar_id")
);--> statement-breakpoint
CREATE FUNCTION "appointment_counts_as_completed"(holds_slot boolean, status text, custom_status_id integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT holds_slot OR (status = 'custom' AND EXISTS (
    SELECT 1 FROM appointment_statuses s WHERE s.id = custom_status_id AND s.without_appointment));
$$;--> statement-breakpoint
CREATE FUNCTION "appointment_completed_days_add"(d date, c integer, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO appointment_completed_days (day, calendar_id, n) VALUES (d, c, delta)
  ON CONFLICT (day, calendar_id) DO UPDATE SET n = appointment_completed_days.n + EXCLUDED.n;
$$;--> statement-breakpoint
CREATE FUNCTION "appointment_completed_days_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  od date; oc integer; nd date; nc integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.selected_date IS NOT NULL
    AND appointment_counts_as_completed(OLD.holds_slot, OLD.status, OLD.custom_status_id) THEN
    od := OLD.selected_date; oc := coalesce(OLD.calendar_id, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.selected_date IS NOT NULL
    AND appointment_counts_as_completed(NEW.holds_slot, NEW.status, NEW.custom_status_id) THEN
    nd := NEW.selected_date; nc := coalesce(NEW.calendar_id, 0);
  END IF;
  IF (od, oc) IS NOT DISTINCT FROM (nd, nc) THEN RETURN NULL; END IF;
  -- Two rows change on a move: always in the same order, so two moves in opposite directions
  -- wait for each other instead of deadlocking (as appointment_day_counts_sync does).
  IF od IS NOT NULL AND (nd IS NULL OR (od, oc) < (nd, nc)) THEN
    PERFORM appointment_completed_days_add(od, oc, -1);
    IF nd IS NOT NULL THEN PERFORM appointment_completed_days_add(nd, nc, 1); END IF;
  ELSE
    IF nd IS NOT NULL THEN PERFORM appointment_completed_days_add(nd, nc, 1); END IF;
    IF od IS NOT NULL THEN PERFORM appointment_completed_days_add(od, oc, -1); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Counts every day again (this migration, a status whose "without appointment" changes, and
-- bench/data.ts after a bulk load with the triggers off).
CREATE FUNCTION "appointment_completed_days_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM appointment_completed_days;
  INSERT INTO appointment_completed_days (day, calendar_id, n)
    SELECT ap.selected_date, coalesce(ap.calendar_id, 0), count(*)
    FROM appointments ap LEFT JOIN appointment_statuses st ON st.id = ap.custom_status_id
    WHERE ap.selected_date IS NOT NULL
      AND (ap.holds_slot OR (ap.status = 'custom' AND st.without_appointment))
    GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT appointment_completed_days_rebuild();--> statement-breakpoint
CREATE TRIGGER "appointment_completed_days_sync"
  AFTER INSERT OR DELETE OR UPDATE OF "selected_date", "calendar_id", "holds_slot", "status", "custom_status_id" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_completed_days_sync"();--> statement-breakpoint
-- A status that starts or stops counting as "without appointment" changes the past: counted again.
CREATE FUNCTION "appointment_completed_days_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM appointment_completed_days_rebuild();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_completed_days_status_changed"
  AFTER UPDATE OF "without_appointment" ON "appointment_statuses"
  FOR EACH ROW WHEN (OLD.without_appointment IS DISTINCT FROM NEW.without_appointment)
  EXECUTE FUNCTION "appointment_completed_days_status_changed"();
