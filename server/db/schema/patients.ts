/**
 * Patients and the words of their names (owner: patients).
 *
 * Database logic of this owner: `patient_name_words_sync` (migration 0012) writes every name's
 * words into patient_name_words on each insert and rename, so the words always match the names
 * whatever writes them (a restore, the bench loader); `patient_name_words_rebuild()` (0017)
 * writes them all again after a bulk load.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffRef } from './auth';
import { created, ts, updated } from './columns';
import { counties } from './counties';

export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** name folded to lower case without diacritics, for search (domain/text.ts foldText). */
    nameSearch: text('name_search').notNull(),
    cnp: text('cnp').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    gpName: text('gp_name'),
    gpEmail: text('gp_email'),
    gpPhone: text('gp_phone'),
    insuranceStatus: text('insurance_status').notNull(),
    stateResidency: text('state_residency')
      .notNull()
      .references(() => counties.isoCode),
    covidVaccine: smallint('covid_vaccine').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    createdBy: staffRef('created_by'),
    /** Set when the identity was replaced by a pseudonym (GDPR art. 17(3)(c)); irreversible. */
    anonymisedAt: ts('anonymised_at'),
  },
  (t) => [
    uniqueIndex('patients_cnp_uq').on(t.cnp),
    // The CNP and phone filters: each match with its name from the index alone, so a page in
    // name order and its count never read the table (docs/decisions/0050-cnp-phone-covering.md).
    // The end match of a CNP (the last digits the lists show) is a prefix of the reversed CNP.
    // (An index on an expression of a column serves an index-only scan only when it holds the
    // column too: hence the CNP or phone last.)
    index('patients_cnp_name_idx').on(t.cnp, t.nameSearch, t.id),
    index('patients_cnp_reverse_idx').on(sql`reverse(${t.cnp})`, t.nameSearch, t.id, t.cnp),
    index('patients_phone_idx').on(t.phone, t.nameSearch, t.id),
    // The four digits staff type most (a CNP's first four, or the last four the lists show) and a
    // mobile phone's first four ("0745"): each value's patients already in name order, so a page
    // reads its rows and stops instead of sorting every match, about 5,000 and 11,000 at 1,000,000
    // patients (docs/decisions/0058-cnp-phone-heads.md).
    index('patients_cnp_head_idx').on(sql`left(${t.cnp}, 4)`, t.nameSearch, t.id, t.cnp),
    index('patients_cnp_tail_idx').on(sql`right(${t.cnp}, 4)`, t.nameSearch, t.id, t.cnp),
    index('patients_phone_head_idx').on(sql`left(${t.phone}, 6)`, t.nameSearch, t.id, t.phone),
    index('patients_name_trgm_idx').using('gin', sql`${t.nameSearch} gin_trgm_ops`),
    index('patients_name_sort_idx').on(t.nameSearch, t.id),
    // The name of each patient an appointment filter collected, for sorting, without reading the
    // table (docs/decisions/0051-appointment-filters-index-only.md).
    index('patients_id_name_idx').on(t.id, t.nameSearch),
    // The top-bar search matches e-mails anywhere in the text, like names (docs/PERFORMANCE.md).
    index('patients_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/** The patient a row belongs to: a patient with such rows cannot be deleted. */
export const patientRef = () =>
  integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'restrict' });

/**
 * Every word of a patient's folded name (name_search split at spaces and hyphens), written by the
 * trigger named at the top, never by the application. The name filter
 * finds the names with a word starting with each typed word as one index range per word, and
 * its page and count read this index only (docs/decisions/0044-name-words-index.md).
 */
export const patientNameWords = pgTable(
  'patient_name_words',
  {
    word: text('word').notNull(),
    nameSearch: text('name_search').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('patient_name_words_prefix_idx').on(t.word.op('text_pattern_ops'), t.nameSearch, t.patientId),
    // A patient's words: the trigger's delete, and an appointment list's per-row name check.
    index('patient_name_words_patient_idx').on(t.patientId, t.word.op('text_pattern_ops')),
  ],
);
