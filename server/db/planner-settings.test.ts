/**
 * Every connection the server opens plans for data in memory, without JIT and without Memoize
 * (docs/decisions/0053-planner-settings.md, 0073-no-memoize.md), and plans a prepared statement
 * once (0088), on both engines, whatever the server's postgresql.conf says.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness';

const ctx = await setupTestApp();

describe('planner settings', () => {
  it('hold on every connection of the pool', async () => {
    // Ten at once, each holding its connection for 10 ms, so a pool (PostgreSQL) answers them on
    // several of its connections; PGlite has one.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = (await ctx.database.db.execute(
          sql`select current_setting('random_page_cost') as random_page_cost,
                current_setting('jit') as jit, current_setting('enable_memoize') as memoize,
                current_setting('plan_cache_mode') as plan_cache_mode,
                pg_sleep(0.01)::text as slept`,
        )) as unknown as {
          rows: { random_page_cost: string; jit: string; memoize: string; plan_cache_mode: string }[];
        };
        const { random_page_cost, jit, memoize, plan_cache_mode } = res.rows[0];
        return { random_page_cost, jit, memoize, plan_cache_mode };
      }),
    );
    for (const a of answers)
      expect(a).toEqual({
        random_page_cost: '1.1',
        jit: 'off',
        memoize: 'off',
        plan_cache_mode: 'force_generic_plan',
      });
  });
});
