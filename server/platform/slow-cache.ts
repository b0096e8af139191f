/**
 * Reuse of an expensive answer, only where it is expensive. `compute` runs as usual; when it took
 * longer than `slowMs`, its result is kept for `ttlMs` and served to the next callers of the same
 * key. Callers arriving while it runs share that one computation. So a small clinic always sees
 * fresh figures (nothing is slow, nothing is kept), and a large institute's dashboard costs one
 * computation per `ttlMs` per server process instead of one per page view (docs/PERFORMANCE.md).
 */
type Entry<T> = { value: Promise<T>; until: number };

export function slowCache<T>(opts: { slowMs: number; ttlMs: number; now?: () => number }) {
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && hit.until > now()) return hit.value;
    if (hit) entries.delete(key);
    const started = now();
    // Until it settles, concurrent callers share this computation.
    const entry: Entry<T> = { value: compute(), until: Number.POSITIVE_INFINITY };
    entries.set(key, entry);
    entry.value.then(
      () => {
        const took = now() - started;
        if (took > opts.slowMs) entry.until = now() + opts.ttlMs;
        else if (entries.get(key) === entry) entries.delete(key);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.value;
  };
}
