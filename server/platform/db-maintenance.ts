/**
 * PostgreSQL's autovacuum keeps the planner's statistics fresh and the visibility map set (which
 * index-only scans and the list totals' estimates rely on, docs/PERFORMANCE.md). The embedded
 * PGlite runs no background workers, so nothing would ever do it there: this runs
 * `VACUUM (ANALYZE)` once a night, at a quiet hour in Bucharest, when the database is PGlite.
 * PGlite answers one query at a time, so the run holds other requests back for its duration
 * (seconds at 100,000 patients); hence the night.
 */

import { clinicTime } from '../../domain/dates';
import type { Database } from '../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds from `now` to the next `at` (HH:MM) on the Bucharest clock. */
export function msUntilBucharest(at: string, now: Date): number {
  const [h, m] = at.split(':').map(Number);
  const [nh, nm] = clinicTime(now).split(':').map(Number);
  const minutes = (h * 60 + m - (nh * 60 + nm) + 24 * 60) % (24 * 60) || 24 * 60;
  return minutes * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds();
}

export function scheduleNightlyMaintenance(
  database: Database,
  log: (msg: string, err?: unknown) => void,
  at = '03:30',
): { stop(): void } {
  if (database.kind !== 'pglite') return { stop() {} };
  let timer: NodeJS.Timeout;
  const run = async () => {
    const started = Date.now();
    try {
      await vacuumAnalyze(database);
      log(`nightly vacuum and analyze of the embedded database took ${Date.now() - started} ms`);
    } catch (err) {
      log('nightly vacuum and analyze failed', err);
    }
    schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void run(), Math.min(msUntilBucharest(at, new Date()), DAY_MS));
    timer.unref();
  };
  schedule();
  return { stop: () => clearTimeout(timer) };
}

/** What the nightly run does (PGlite only; PostgreSQL has autovacuum). */
export async function vacuumAnalyze(database: Database): Promise<void> {
  if (database.kind === 'pglite') await database.pglite?.exec('vacuum (analyze)');
}
