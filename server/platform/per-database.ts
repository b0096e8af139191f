/**
 * What a module keeps for each database handle (kept statements, kept totals, the last sweep of
 * a table): one process may hold several handles (the tests open one per file in each worker), and
 * what was learnt about one database must never answer for another. A handle closed and dropped
 * takes its state with it.
 */
import type { Db } from '../db/client';

/** `of(db)`: the state kept for `db`, made by `make` on the first call for that handle. */
export function perDatabase<T>(make: () => T): (db: Db) => T {
  const all = new WeakMap<Db, T>();
  return (db) => {
    let state = all.get(db);
    if (state === undefined) {
      state = make();
      all.set(db, state);
    }
    return state;
  };
}
