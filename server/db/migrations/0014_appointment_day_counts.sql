CREATE TABLE "appointment_day_counts" (
	"day" date NOT NULL,
	"calendar_id" integer NOT NULL,
	"custom_status_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_day_counts_day_calendar_id_custom_status_id_pk" PRIMARY KEY("day","calendar_id","custom_status_id")
);
--> statement-breakpoint
-- One appointment's place in the counts: its day, calendar (0: none) and custom status (0 unless
-- the status is `custom`).
CREATE FUNCTION "appointment_day_counts_add"(d date, c integer, s integer, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO appointment_day_counts (day, calendar_id, custom_status_id, n) VALUES (d, c, s, delta)
  ON CONFLICT (day, calendar_id, custom_status_id) DO UPDATE SET n = appointment_day_counts.n + EXCLUDED.n;
$$;--> statement-breakpoint
CREATE FUNCTION "appointment_day_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  od date; oc integer; os integer;
  nd date; nc integer; ns integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.selected_date IS NOT NULL THEN
    od := OLD.selected_date; oc := coalesce(OLD.calendar_id, 0);
    os := CASE WHEN OLD.status = 'custom' THEN coalesce(OLD.custom_status_id, 0) ELSE 0 END;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.selected_date IS NOT NULL THEN
    nd := NEW.selected_date; nc := coalesce(NEW.calendar_id, 0);
    ns := CASE WHEN NEW.status = 'custom' THEN coalesce(NEW.custom_status_id, 0) ELSE 0 END;
  END IF;
  IF (od, oc, os) IS NOT DISTINCT FROM (nd, nc, ns) THEN RETURN NULL; END IF;
  -- Two rows change on a move: always in the same order, so two moves in opposite directions
  -- wait for each other instead of deadlocking.
  IF od IS NOT NULL AND (nd IS NULL OR (od, oc, os) < (nd, nc, ns)) THEN
    PERFORM appointment_day_counts_add(od, oc, os, -1);
    IF nd IS NOT NULL THEN PERFORM appointment_day_counts_add(nd, nc, ns, 1); END IF;
  ELSE
    IF nd IS NOT NULL THEN PERFORM appointment_day_counts_add(nd, nc, ns, 1); END IF;
    IF od IS NOT NULL THEN PERFORM appointment_day_counts_add(od, oc, os, -1); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Counts everything again from the appointments (this migration, and bench/data.ts after a bulk
-- load with the trigger off).
CREATE FUNCTION "appointment_day_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM appointment_day_counts;
  INSERT INTO appointment_day_counts (day, calendar_id, custom_status_id, n)
    SELECT selected_date, coalesce(calendar_id, 0),
      CASE WHEN status = 'custom' THEN coalesce(custom_status_id, 0) ELSE 0 END, count(*)
    FROM appointments WHERE selected_date IS NOT NULL GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT appointment_day_counts_rebuild();--> statement-breakpoint
CREATE TRIGGER "appointment_day_counts_sync"
  AFTER INSERT OR DELETE OR UPDATE OF "selected_date", "calendar_id", "status", "custom_status_id" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_day_counts_sync"();
