CREATE TABLE "consent_texts" (
	"version" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
-- The consent text the public form showed before versions lived in the database (its version id
-- was a constant in domain/registration). {institut} stands for INSTITUTE_NAME.
INSERT INTO "consent_texts" ("version", "text", "created_at") VALUES ('gdpr-2026-11', 'Sunt de acord ca {institut} să prelucreze datele mele personale și datele privind sănătatea (nume, CNP, date de contact, județ, statut de asigurat, date despre medicul de familie) în scopul programării și efectuării consultației la distanță și al transmiterii rezultatului către medicul de familie, conform Regulamentului (UE) 2016/679 (GDPR). Detalii în protocolul de protecție a datelor.', '2026-11-01T00:00:00Z');
