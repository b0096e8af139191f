-- A published view (server/db/views.ts, docs/decisions/0086-one-door-per-table.md).
-- Owner: waitlist. The slots held by an open waitlist offer and until when (issue 54, item 11):
-- the staff's slot pickers say so, and booking one asks first.
CREATE VIEW "slot_holds" AS
  SELECT calendar_id, date, time, expires_at FROM waitlist_offers WHERE state = 'open';
