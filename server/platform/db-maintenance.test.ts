/** The embedded database's nightly VACUUM (ANALYZE): when it runs, and that it runs. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness';
import { msUntilBucharest, vacuumAnalyze } from './db-maintenance';

const ctx = await setupTestApp();

describe('nightly maintenance', () => {
  it('waits until the next 03:30 in Bucharest, summer and winter', () => {
    // 22:00 UTC in November is 00:00 in Bucharest (UTC+2): 3 h 30 min to go.
    expect(msUntilBucharest('03:30', new Date('2026-11-22T22:00:00Z'))).toBe(210 * 60_000);
    // 00:30 UTC in July is 03:30 in Bucharest (UTC+3): a whole day to go.
    expect(msUntilBucharest('03:30', new Date('2026-07-01T00:30:00Z'))).toBe(24 * 60 * 60_000);
    // 00:29:30 UTC in July: 30 seconds.
    expect(msUntilBucharest('03:30', new Date('2026-07-01T00:29:30Z'))).toBe(30_000);
  });

  it('vacuums and analyzes the embedded database (PostgreSQL has autovacuum)', async () => {
    await vacuumAnalyze(ctx.database);
    const res = (await ctx.database.db.execute(
      sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
          from pg_stat_user_tables where relname = 'patients'`,
    )) as unknown as { rows: { vacuumed: boolean; analyzed: boolean }[] };
    const expected = ctx.database.kind === 'pglite';
    expect(res.rows[0]).toEqual({ vacuumed: expected, analyzed: expected });
  });
});
