/**
 * Months already read, served again while nothing they show has changed
 * (docs/decisions/0082-calendar-months-kept-until-changed.md).
 *
 * A month is kept with the snapshot its statement read it in. Before it is served again, one
 * statement asks the database whether a write that snapshot did not see has touched its calendar
 * since (`calendar_changes`, kept by triggers: migration 0028). So a kept month is exactly what a
 * new read would return, on every server process, and a booking shows in the next request after
 * it commits. A month is kept for 5 minutes at most: the triggers' rows are pruned once 10
 * minutes old (`calendar_changes_prune`, run by `scheduleCalendarChangesPrune`).
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';

/** Every calendar: the dashboard's month, across calendars. */
export const EVERY_CALENDAR = 'every';
type Scope = number | typeof EVERY_CALENDAR;

const MAX_AGE_MS = 5 * 60_000;
const MAX_MONTHS = 500;

type Kept<T> = { value: T; seen: string; at: number };

/** The month's statement adds this column to its first row: the snapshot it read in. */
export const SNAPSHOT_COLUMN = sql`pg_current_snapshot()::text`;

export class KeptMonths<T> {
  private readonly kept = new Map<string, Kept<T>>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * The month of `key`, from `read` or kept. `read` returns the month and the snapshot it was
   * read in (null: nothing to keep, e.g. a calendar that does not exist).
   */
  async get(db: Db, key: string, scope: Scope, read: () => Promise<{ value: T; seen: string | null }>) {
    const hit = this.kept.get(key);
    if (hit && this.now() - hit.at < MAX_AGE_MS && !(await changedSince(db, scope, hit.seen)))
      return hit.value;
    const at = this.now();
    const { value, seen } = await read();
    this.kept.delete(key);
    if (seen !== null) {
      // The oldest kept month gives way (insertion order: a month read again goes last).
      if (this.kept.size >= MAX_MONTHS) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, { value, seen, at });
    }
    return value;
  }
}

/**
 * Whether a transaction the snapshot did not see has since committed a change to the calendar
 * (or to every calendar). A row from a transaction still running is not visible here either,
 * so the kept month stays as right as a new read would be.
 */
async function changedSince(db: Db, scope: Scope, seen: string): Promise<boolean> {
  const res = (await db.execute(changedSinceQuery(scope, seen))) as unknown as {
    rows: { changed: boolean }[];
  };
  return res.rows[0].changed;
}

/**
 * The check's statement. It is prepared, and its generic plan cannot know how few rows follow the
 * snapshot: for every calendar it scanned the whole table (2 ms with 20,000 change rows, as the
 * public form leaves between two prunings under load). Asked newest first, the rows come from the
 * xid index, which stops at the snapshot's oldest transaction. A calendar's own check reads its
 * (calendar, xid) index either way.
 */
export function changedSinceQuery(scope: Scope, seen: string) {
  const since = sql`xid >= pg_snapshot_xmin(${seen}::pg_snapshot)`;
  const notSeen = (xid: ReturnType<typeof sql>) =>
    sql`not pg_visible_in_snapshot(${xid}, ${seen}::pg_snapshot)`;
  return scope === EVERY_CALENDAR
    ? sql`select exists (select 1 from (select xid from calendar_changes where ${since} order by xid desc) c
        where ${notSeen(sql`c.xid`)}) as changed`
    : sql`select exists (select 1 from calendar_changes
        where calendar_id = any(array[${scope}::int, 0]) and ${since} and ${notSeen(sql`xid`)}) as changed`;
}

const PRUNE_EVERY_MS = 5 * 60_000;

/** Prunes the change rows every 5 minutes (on every server process: harmless when several do). */
export function scheduleCalendarChangesPrune(
  database: Database,
  log: (msg: string, err?: unknown) => void,
): { stop(): void } {
  const timer = setInterval(() => {
    pruneCalendarChanges(database.db).catch((err) => log('pruning the calendar change rows failed', err));
  }, PRUNE_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export async function pruneCalendarChanges(db: Db): Promise<void> {
  await db.execute(sql`select calendar_changes_prune()`);
}
