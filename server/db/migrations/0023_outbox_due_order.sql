-- The worker claims the first due messages in (next_attempt_at, id) order: with id in the index a
-- claim reads them in that order and stops at its limit, instead of sorting every due message
-- (docs/decisions/0071-outbox-claim-cost.md).
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("state","next_attempt_at","id");--> statement-breakpoint
DROP INDEX "outbox_pending_idx";--> statement-breakpoint
-- A queue: every message is inserted, updated twice and never read again once sent. Analysed and
-- vacuumed after 2 % of it changes (the default waits for 10-20 %), so the planner knows how many
-- are waiting and the dead versions are cleared while the queue is busy. Not in the Drizzle schema.
ALTER TABLE "outbox" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
