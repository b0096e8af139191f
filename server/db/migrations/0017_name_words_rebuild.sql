-- The words of every name written again from patients, by the same rule as the trigger of 0012:
-- one statement for whoever must refill the table in bulk (bench/bulk-load.ts loads patients with
-- the trigger off), so the rule is never copied.
CREATE FUNCTION "patient_name_words_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM patient_name_words;
  INSERT INTO patient_name_words (word, name_search, patient_id)
    SELECT DISTINCT w, p.name_search, p.id
    FROM patients p, regexp_split_to_table(p.name_search, '[ -]+') AS w
    WHERE w <> '';
$$;
