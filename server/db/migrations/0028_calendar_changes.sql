-- Which calendars changed since a given snapshot, so a month already read can be served again
-- while nothing it shows has changed (docs/decisions/0082-calendar-months-kept-until-changed.md).
--
-- Every write that changes what a month shows adds a row: the calendar it touched and the
-- writing transaction's id. A month kept with the snapshot it was read in is still right as long
-- as no row of its calendar (or of every calendar, 0) comes from a transaction that snapshot did
-- not see. Rows are only added, never updated, so writers never wait for each other here (a
-- version counter per calendar would have made every booking of a calendar wait for the
-- previous one's commit).
--
-- calendar_id: the calendar; 0: every calendar (statuses, doctors' names, a truncation); -1: an
-- appointment without a calendar (it shows only in the views across calendars).
-- One row per transaction and calendar: a statement that moves a thousand appointments of one
-- calendar adds one row. Not in the Drizzle schema: only these triggers write it and only the
-- months' check reads it (server/features/calendars/kept-months.ts).
CREATE TABLE "calendar_changes" (
	"calendar_id" integer NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_changes_calendar_xid_idx" ON "calendar_changes" ("calendar_id", "xid");--> statement-breakpoint
CREATE INDEX "calendar_changes_xid_idx" ON "calendar_changes" ("xid");--> statement-breakpoint
-- The oldest transaction still running, noted each time the rows are pruned: rows older than the
-- newest note at least 10 minutes old are no longer needed by a month kept at most 5 minutes.
CREATE TABLE "calendar_change_marks" (
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"oldest_xid" xid8 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "calendar_changed"(c integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO calendar_changes (calendar_id) VALUES (c) ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE FUNCTION "calendar_changes_prune"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO calendar_change_marks (oldest_xid) VALUES (pg_snapshot_xmin(pg_current_snapshot()));
  DELETE FROM calendar_changes
    WHERE xid < (SELECT max(oldest_xid) FROM calendar_change_marks WHERE at < now() - interval '10 minutes');
  DELETE FROM calendar_change_marks WHERE at < now() - interval '1 hour';
$$;--> statement-breakpoint
-- Appointments: a dated one added or removed, or a change to what its event shows (its day, time,
-- status, patient's name, doctor or calendar); a move logs both calendars.
CREATE FUNCTION "appointment_calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM calendar_changed(coalesce(OLD.calendar_id, -1)); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.calendar_id IS DISTINCT FROM OLD.calendar_id) THEN
    PERFORM calendar_changed(coalesce(NEW.calendar_id, -1));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_calendar_added"
  AFTER INSERT ON "appointments" FOR EACH ROW WHEN (NEW.selected_date IS NOT NULL)
  EXECUTE FUNCTION "appointment_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "appointment_calendar_removed"
  AFTER DELETE ON "appointments" FOR EACH ROW WHEN (OLD.selected_date IS NOT NULL)
  EXECUTE FUNCTION "appointment_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "appointment_calendar_updated"
  AFTER UPDATE OF "selected_date", "selected_time", "status", "custom_status_id", "patient_name", "doctor_id", "calendar_id"
  ON "appointments" FOR EACH ROW
  WHEN ((OLD.selected_date IS NOT NULL OR NEW.selected_date IS NOT NULL)
    AND (OLD.selected_date, OLD.selected_time, OLD.status, OLD.custom_status_id, OLD.patient_name, OLD.doctor_id, OLD.calendar_id)
      IS DISTINCT FROM (NEW.selected_date, NEW.selected_time, NEW.status, NEW.custom_status_id, NEW.patient_name, NEW.doctor_id, NEW.calendar_id))
  EXECUTE FUNCTION "appointment_calendar_changed"();--> statement-breakpoint
-- A calendar's own rows: its title, its availability (where events end) and unavailable days.
CREATE FUNCTION "calendar_part_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_column text := TG_ARGV[0];
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM calendar_changed((to_jsonb(OLD) ->> id_column)::int); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM calendar_changed((to_jsonb(NEW) ->> id_column)::int); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "calendar_title_changed"
  AFTER UPDATE OF "title" ON "calendars" FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION "calendar_part_changed"('id');--> statement-breakpoint
CREATE TRIGGER "calendar_removed"
  AFTER DELETE ON "calendars" FOR EACH ROW EXECUTE FUNCTION "calendar_part_changed"('id');--> statement-breakpoint
CREATE TRIGGER "calendar_availability_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "calendar_availability" FOR EACH ROW
  EXECUTE FUNCTION "calendar_part_changed"('calendar_id');--> statement-breakpoint
CREATE TRIGGER "calendar_unavailable_days_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "calendar_unavailable_days" FOR EACH ROW
  EXECUTE FUNCTION "calendar_part_changed"('calendar_id');--> statement-breakpoint
-- What every calendar shows: the statuses (titles, "without appointment"), the doctors' names,
-- and any of these tables emptied at once.
CREATE FUNCTION "every_calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_changed(0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_statuses_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "appointment_statuses" FOR EACH STATEMENT
  EXECUTE FUNCTION "every_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "doctor_name_changed"
  AFTER UPDATE OF "name" ON "users" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "every_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "appointments_emptied" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "every_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "appointment_statuses_emptied" AFTER TRUNCATE ON "appointment_statuses"
  FOR EACH STATEMENT EXECUTE FUNCTION "every_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "calendars_emptied" AFTER TRUNCATE ON "calendars"
  FOR EACH STATEMENT EXECUTE FUNCTION "every_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "calendar_availability_emptied" AFTER TRUNCATE ON "calendar_availability"
  FOR EACH STATEMENT EXECUTE FUNCTION "every_calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "calendar_unavailable_days_emptied" AFTER TRUNCATE ON "calendar_unavailable_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "every_calendar_changed"();
