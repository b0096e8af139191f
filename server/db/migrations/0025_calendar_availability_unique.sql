-- One availability entry per calendar, weekday and start time (docs/decisions/0076-calendar-month-joins.md).
--
-- Entries of one day never overlap: the admin service refuses an overlapping entry, with the
-- calendar locked. This makes the start part of that rule the database's own, so a calendar month
-- can join each event to the one entry that says where it ends.
--
-- Entries with the same start could only have been written around the service. The lowest id of
-- each is kept: where an event ended was any one of them before.
DELETE FROM "calendar_availability" a USING "calendar_availability" b
  WHERE a.calendar_id = b.calendar_id AND a.weekday = b.weekday AND a.from_time = b.from_time
    AND a.id > b.id;--> statement-breakpoint
-- Same name and keys as migration 0024's index, with to_time INCLUDEd (not expressible in the
-- Drizzle schema), now unique.
DROP INDEX "calendar_availability_cal_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_availability_cal_idx" ON "calendar_availability" USING btree ("calendar_id","weekday","from_time") INCLUDE ("to_time");
