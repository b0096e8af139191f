/**
 * One half of the route fuzz (two test files, so the two workers share the routes). The figures
 * (cases and answers per route) are written to .test-data/ for docs/SECURITY.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness';
import { type FuzzStats, fuzzableRoutes, fuzzRoutes } from './fuzz';
import { seedClinic } from './seed';

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300);

export async function fuzzPart(part: 0 | 1) {
  // Sign-in and API budgets high: the fuzz is one client sending thousands of requests.
  const ctx = await setupTestApp({ env: { UPLOAD_MAX_BYTES: String(256 * 1024) } });
  const seed = await seedClinic(ctx);
  const routes = fuzzableRoutes(ctx).filter((_, i) => i % 2 === part);
  const stats: FuzzStats = [];
  describe(`route fuzz, part ${part + 1}`, () => {
    it(`sends ${FUZZ_RUNS} hostile requests to each of ${routes.length} routes: no 5xx, no row changed by a 4xx`, async () => {
      const t = Date.now();
      try {
        await fuzzRoutes(ctx, seed, routes, FUZZ_RUNS, stats);
      } finally {
        mkdirSync('.test-data', { recursive: true });
        writeFileSync(
          path.join('.test-data', `fuzz-stats-${part + 1}.json`),
          JSON.stringify({ seconds: (Date.now() - t) / 1000, runs: FUZZ_RUNS, routes: stats }, null, 1),
        );
      }
      expect(stats.every((s) => s.cases >= FUZZ_RUNS)).toBe(true);
    }, 600000);
  });
}
