-- Every table and column in its owner's Drizzle schema (docs/decisions/0086-one-door-per-table.md):
-- appointment_completed_days (0027), calendar_changes and calendar_change_marks (0028) and
-- appointments.moved (0027) existed already and are only declared now, so drizzle-kit's snapshot
-- knows them. Nothing to create.
SELECT 1;
