/**
 * Pages of the audit log without a filter on more events than the exact limit: the page's
 * statement is built once per page and the total kept by the view's name
 * (docs/decisions/0061-statements-built-once.md). Each page must be that page of the log's order
 * (newest first), on the request that counts as on those that find the total kept.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXACT_UP_TO } from '../../../platform/list-total';
import { type Staff, setupTestApp, signedInStaff } from '../../../test/harness';

const ctx = await setupTestApp();
const db = ctx.database.db;
let staff: Staff;
let all: number[] = [];

beforeAll(async () => {
  staff = await signedInStaff(ctx, { superadmin: true });
  // Two events a second back from now: the order falls to the id within a second.
  await db.execute(sql`
    insert into audit_events (at, action, entity_type, entity_id)
    select now() - ((i / 2) || ' seconds')::interval, 'patient.read', 'patient', i::text
    from generate_series(1, 1200) i`);
  await db.execute(sql`analyze audit_events`);
  const rows = await db.execute(sql`select id from audit_events order by at desc, id desc`);
  all = (rows as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
});

async function page(n: number, perPage = 20) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/audit?page=${n}&perPage=${perPage}`,
    headers: staff.headers,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { id: number }[]; _meta: { total: number } };
  return { ids: body.data.map((r) => Number(r.id)), total: body._meta.total };
}

describe('the audit log without a filter', () => {
  it("pages in the log's order, counted once and then kept, each page size its own statement", async () => {
    expect(all.length).toBeGreaterThan(EXACT_UP_TO);
    const last = Math.ceil(all.length / 20);
    for (let pass = 0; pass < 2; pass++) {
      for (const n of [1, 2, 9, last]) {
        const got = await page(n);
        expect(got.ids).toEqual(all.slice((n - 1) * 20, n * 20));
        expect(got.total).toBeGreaterThan(EXACT_UP_TO);
      }
    }
    expect((await page(2, 50)).ids).toEqual(all.slice(50, 100));
  });
});
