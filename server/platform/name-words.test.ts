/** The words index of the names: the bulk rebuild writes what the trigger writes, row for row. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePatient } from '../test/factories';
import { setupTestApp } from '../test/harness';

const ctx = await setupTestApp();
const { db } = ctx.database;

const words = async () =>
  (
    (await db.execute(
      sql`select word, name_search, patient_id from patient_name_words order by patient_id, word`,
    )) as unknown as { rows: { word: string; name_search: string; patient_id: number }[] }
  ).rows;

describe('patient_name_words', () => {
  it('is written again by patient_name_words_rebuild() exactly as the trigger wrote it', async () => {
    const a = await makePatient(db, { name: 'Ștefănescu-Pop Ana Maria' });
    await makePatient(db, { name: 'Pop Pop Popescu' });
    await makePatient(db, { name: '  Ion   Țăranu ' });
    const byTrigger = await words();
    expect(byTrigger.filter((w) => w.patient_id === a.id).map((w) => w.word)).toEqual([
      'ana',
      'maria',
      'pop',
      'stefanescu',
    ]);
    await db.execute(sql`delete from patient_name_words where patient_id = ${a.id}`);
    await db.execute(sql`insert into patient_name_words values ('gresit', 'gresit', ${a.id})`);
    await db.execute(sql`select patient_name_words_rebuild()`);
    expect(await words()).toEqual(byTrigger);
  });
});
