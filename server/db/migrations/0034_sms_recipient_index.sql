-- How many SMS one number got in the last day: the public form sends one a day to a number nobody
-- vouched for (issue 54, docs/decisions/0087-patient-links-built-when-sent.md).
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("channel","to","created_at");