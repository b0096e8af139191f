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

describe('a typed prefix, page by page (docs/decisions/0063-name-prefix-loose-scan.md)', async () => {
  const { signedInStaff } = await import('../test/harness');
  const { foldText } = await import('../../domain/text');
  const staff = await signedInStaff(ctx, { superadmin: true });
  // Several words start with "mar", some names have two of them, one has the prefix as a word.
  const given = ['Maria', 'Marin', 'Marinela', 'Mar', 'Ana', 'Ion-Marius'];
  const family = ['Marinescu', 'Mareș', 'Popa', 'Marcu', 'Ionescu'];
  for (let i = 0; i < 66; i++)
    await makePatient(db, { name: `${family[i % family.length]} ${given[(i * 7) % given.length]} ${i}` });
  /** Every patient (those of the test above too) whose name has a word starting with `typed`. */
  const matching = async (typed: string) =>
    (
      (await db.execute(sql`select id, name from patients`)) as unknown as {
        rows: { id: number; name: string }[];
      }
    ).rows
      .filter((p) =>
        foldText(p.name)
          .split(/[ -]+/)
          .some((w) => w.startsWith(typed)),
      )
      .map((p) => p.id);
  /** The matches in the database's own name order, as a list page shows them. */
  const inOrder = async (ids: number[]) =>
    (
      (await db.execute(
        sql`select id from patients where id = any(${sql.param(ids)}::int[]) order by name_search, id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);

  it('lists every patient with a word starting so, once, in name order', async () => {
    for (const typed of ['mar', 'mari', 'ma', 'i', 'marinescu']) {
      const expected = await inOrder(await matching(typed));
      expect(expected.length).toBeGreaterThan(0);
      const listed: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 20); page++) {
        const filters = encodeURIComponent(JSON.stringify({ name: typed }));
        const res = await ctx.app.inject({
          url: `/api/patients?filters=${filters}&page=${page}&perPage=20`,
          headers: staff.headers,
        });
        expect(res.statusCode).toBe(200);
        listed.push(...(res.json().patients as { id: number }[]).map((p) => p.id));
      }
      expect(listed, typed).toEqual(expected);
    }
  });

  it('finds the same first patients in the search', async () => {
    const res = await ctx.app.inject({ url: '/api/search?q=mar', headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const found = (res.json().patients as { id: number }[]).map((p) => p.id);
    expect(found.sort()).toEqual((await inOrder(await matching('mar'))).slice(0, 20).sort());
  });
});
