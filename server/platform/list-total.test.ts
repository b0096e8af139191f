import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase, setupTestApp, signedInStaff } from '../test/harness';
import { EXACT_UP_TO, listTotal, pageAndTotal, TOTAL_COLUMN } from './list-total';

const ctx = await setupTestApp();
const ROWS = EXACT_UP_TO + 500;

describe('list totals', async () => {
  const staff = await signedInStaff(ctx);
  const { db } = ctx.database;
  await db.execute(sql`
    insert into patients (name, name_search, cnp, phone, insurance_status, state_residency)
    select 'Pacient ' || i, 'pacient ' || i, '7' || lpad(i::text, 12, '0'), '+40722' || lpad(i::text, 6, '0'),
           'uninsured', 'RO-B'
    from generate_series(1, ${ROWS}) i`);
  await db.execute(sql`analyze patients`);
  await db.execute(sql`analyze patient_name_words`);
  const total = async (filters?: object) => {
    const res = await ctx.app.inject({
      url: `/api/patients?perPage=10${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json()._meta.total as number;
  };

  it('counts exactly up to the limit and estimates an unfiltered list beyond it', async () => {
    expect(await listTotal(db, sql`select id from patients where id <= 25`)).toBe(25);
    const estimated = await total();
    expect(estimated).toBeGreaterThan(EXACT_UP_TO);
    expect(Math.abs(estimated - ROWS) / ROWS).toBeLessThan(0.1);
  });

  it('counts a filtered patient list exactly up to the limit and estimates it beyond', async () => {
    // "pacient 123" and "pacient 1230" to "pacient 1239"
    expect(await total({ name: 'pacient 123' })).toBe(11);
    const estimated = await total({ name: 'pacient' });
    expect(estimated).toBeGreaterThan(EXACT_UP_TO);
    expect(Math.abs(estimated - ROWS) / ROWS).toBeLessThan(0.1);
  });

  it("answers a large list from the planner's estimate", async () => {
    // generate_series reports its exact size to the planner: the estimate is 100,000.
    expect(await listTotal(db, sql`select g from generate_series(1, 100000) g`)).toBe(100_000);
    expect(await listTotal(db, sql`select g from generate_series(1, 999) g`)).toBe(999);
  });

  it('reuses a total above the limit for a while, and counts an exact one again every time', async () => {
    await db.execute(sql`create table reuse_probe (n int)`);
    await db.execute(sql`insert into reuse_probe select g from generate_series(1, 20000) g`);
    await db.execute(sql`analyze reuse_probe`);
    const probe = sql`select n from reuse_probe where n > 0`;
    const first = await listTotal(db, probe);
    expect(first).toBeGreaterThan(EXACT_UP_TO);
    await db.execute(sql`insert into reuse_probe select g from generate_series(1, 20000) g`);
    await db.execute(sql`analyze reuse_probe`);
    // Shown as "peste 1.000" either way: the estimate of a minute ago is still the answer.
    expect(await listTotal(db, probe)).toBe(first);
    const few = sql`select n from reuse_probe where n <= 3`;
    expect(await listTotal(db, few)).toBe(6);
    await db.execute(sql`insert into reuse_probe values (1)`);
    expect(await listTotal(db, few)).toBe(7);
    // The same query with other values is another list: counted, not the kept estimate.
    expect(await listTotal(db, sql`select n from reuse_probe where n > ${1}`)).toBeGreaterThan(EXACT_UP_TO);
    expect(await listTotal(db, sql`select n from reuse_probe where n > ${19_999}`)).toBe(2);
  });

  it("keeps a total for its own database only: another database's same list is counted", async () => {
    const other = await freshDatabase();
    try {
      const probe = sql`select id from patients`;
      expect(await listTotal(db, probe)).toBeGreaterThan(EXACT_UP_TO);
      // The same list on an empty database: its own count, not the kept estimate.
      expect(await listTotal(other.db, probe)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('reads a page with its total in one statement, and counts apart when the page is empty', async () => {
    const page = (where: string, offset: number) => (column: unknown) =>
      db
        .execute(
          sql`select id${column ? sql`, ${column} as ${sql.raw(TOTAL_COLUMN)}` : sql``} from patients
              where ${sql.raw(where)} order by id limit 5 offset ${sql.raw(String(offset))}`,
        )
        .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const few = sql`select id from patients where name_search like 'pacient 12%'`;
    const first = await pageAndTotal(db, few, page("name_search like 'pacient 12%'", 0));
    // "pacient 12" and "pacient 120" to "pacient 129" and "pacient 1200" to "pacient 1299"
    expect(first.total).toBe(111);
    expect(first.rows).toHaveLength(5);
    expect(first.rows[0]).not.toHaveProperty(TOTAL_COLUMN);
    const past = await pageAndTotal(db, few, page("name_search like 'pacient 12%'", 200));
    expect(past).toEqual({ rows: [], total: 111 });
    const many = await pageAndTotal(db, sql`select id from patients where id > 0`, page('id > 0', 0));
    expect(many.total).toBeGreaterThan(EXACT_UP_TO);
    expect(many.rows.map((r) => r.id)).toHaveLength(5);
  });

  it("keeps a large list's estimate with its page, as it does alone", async () => {
    await db.execute(sql`create table kept_probe (n int)`);
    await db.execute(sql`insert into kept_probe select g from generate_series(1, 20000) g`);
    await db.execute(sql`analyze kept_probe`);
    const all = sql`select n from kept_probe`;
    const page = () =>
      db
        .execute(sql`select n from kept_probe order by n limit 5`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    const first = await pageAndTotal(db, all, page);
    expect(first.total).toBeGreaterThan(EXACT_UP_TO);
    expect(first.rows).toHaveLength(5);
    await db.execute(sql`insert into kept_probe select g from generate_series(1, 20000) g`);
    await db.execute(sql`analyze kept_probe`);
    // The estimate of a minute ago is still the answer: no EXPLAIN on every request.
    expect((await pageAndTotal(db, all, page)).total).toBe(first.total);
  });
});
