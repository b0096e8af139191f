/**
 * Pages of the document list without a typed value (every document, or a status alone) on more
 * documents than the exact limit: their statement is built once per status and page, and the
 * total is kept by the view's name (docs/decisions/0061-statements-built-once.md). Every page must
 * be that page of the list's order, the first request (which counts) as the later ones (which
 * find the total kept).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXACT_UP_TO } from '../../platform/list-total';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
let staff: Staff;
const COUNT = 1_250;

type Row = { id: number; status: string };
let all: Row[] = [];

beforeAll(async () => {
  staff = await signedInStaff(ctx, { superadmin: true });
  await db.execute(sql`
    insert into patients (name, name_search, cnp, phone, insurance_status, state_residency)
    values ('Ana Pop', 'ana pop', '2800101400011', '+40722000001', 'uninsured', 'RO-B')`);
  // One a minute back from now, every third one sent; two at the same minute now and then (the
  // order then falls to the id).
  await db.execute(sql`
    insert into documents (patient_id, title, filename, ext, mime, size, storage_key, status, created_at)
    select (select id from patients limit 1), 'Analize ' || i, 'a' || i || '.pdf', 'pdf',
           'application/pdf', 100, 'key-' || i, case when i % 3 = 0 then 'sent' else 'tosend' end,
           now() - ((i / 2) || ' minutes')::interval
    from generate_series(1, ${COUNT}) i`);
  await db.execute(sql`analyze documents`);
  const rows = await db.execute(sql`select id, status from documents order by created_at desc, id desc`);
  all = (rows as unknown as { rows: Row[] }).rows;
});

async function page(filters: object, n: number, perPage = 20) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/documents?filters=${encodeURIComponent(JSON.stringify(filters))}&page=${n}&perPage=${perPage}`,
    headers: staff.headers,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { documents: { id: number }[]; _meta: { total: number } };
  return { ids: body.documents.map((d) => d.id), total: body._meta.total };
}

describe('the document list without a typed value', () => {
  for (const status of [undefined, 'sent', 'tosend'] as const) {
    it(`pages ${status ?? 'every document'} in the list's order, counted once and then kept`, async () => {
      const filters = status ? { status } : {};
      const expected = all.filter((r) => !status || r.status === status).map((r) => r.id);
      const pages = Math.ceil(expected.length / 20);
      // Twice over: the first pass counts (or reads the kept estimate), the second finds it kept.
      for (let pass = 0; pass < 2; pass++) {
        for (const n of [1, 2, 7, pages]) {
          const got = await page(filters, n);
          expect(got.ids).toEqual(expected.slice((n - 1) * 20, n * 20));
          if (expected.length > EXACT_UP_TO) expect(got.total).toBeGreaterThan(EXACT_UP_TO);
          else expect(got.total).toBe(expected.length);
        }
      }
      // Another page size is another statement.
      expect((await page(filters, 2, 50)).ids).toEqual(expected.slice(50, 100));
    });
  }
});
