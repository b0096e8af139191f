-- A month's day counts read from the primary key alone: its rows lie scattered over the table's
-- pages (one per day, calendar and status, updated by triggers), and reading them from the heap
-- was a third of a month's SQL (docs/decisions/0062-day-counts-cover.md). `n` rides in the key's
-- index as an INCLUDE column; the key columns, and so the triggers' ON CONFLICT, are unchanged.
-- Not in the Drizzle schema (INCLUDE is not expressible there).
ALTER TABLE "appointment_day_counts" DROP CONSTRAINT "appointment_day_counts_day_calendar_id_custom_status_id_pk";--> statement-breakpoint
ALTER TABLE "appointment_day_counts" ADD CONSTRAINT "appointment_day_counts_day_calendar_id_custom_status_id_pk" PRIMARY KEY ("day","calendar_id","custom_status_id") INCLUDE ("n");
