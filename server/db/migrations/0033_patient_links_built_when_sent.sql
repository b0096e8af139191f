-- Patient links out of the outbox (issue 54, docs/decisions/0087-patient-links-built-when-sent.md).
-- A message keeps a placeholder where the patient's link goes, {link:appointment:<id>} or
-- {link:waitlist-offer:<id>}, and the worker derives the working link just before the send. The
-- messages queued or sent before keep the link itself: each is replaced by its placeholder here.
-- A link whose appointment is gone becomes {link:appointment:0}, which opens nothing, so such a
-- message still waiting is cancelled rather than sent.
UPDATE "outbox" SET
  "text" = regexp_replace("text", 'https?://[^[:space:]"<>]*/p/[A-Za-z0-9_-]{43}',
    CASE WHEN "purpose" LIKE 'waitlist-offer:%' THEN '{link:waitlist-offer:' || substr("purpose", 16) || '}'
         ELSE '{link:appointment:' || coalesce("appointment_id", 0) || '}' END, 'g'),
  "html" = regexp_replace("html", 'https?://[^[:space:]"<>]*/p/[A-Za-z0-9_-]{43}',
    CASE WHEN "purpose" LIKE 'waitlist-offer:%' THEN '{link:waitlist-offer:' || substr("purpose", 16) || '}'
         ELSE '{link:appointment:' || coalesce("appointment_id", 0) || '}' END, 'g'),
  "last_error" = regexp_replace("last_error", '/p/[A-Za-z0-9_-]+', '/p/***', 'g')
WHERE "text" ~ '/p/[A-Za-z0-9_-]{43}' OR "html" ~ '/p/[A-Za-z0-9_-]{43}' OR "last_error" ~ '/p/[A-Za-z0-9_-]+';
