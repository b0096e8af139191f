/**
 * Storage and the documents table hold the same set of files. A crash between storing a file and
 * committing its row leaves a file without a row; a process killed mid-write leaves a temporary
 * file (disk) or an incomplete multipart upload (S3). `reconcileStorage` runs at start and then
 * regularly (server/main.ts), on the disk store and on S3, in both directions:
 *
 * - stored files no row refers to, and unfinished writes, older than `minAgeMs`, are removed
 *   (younger ones may belong to an upload in progress on this or another node); each file is
 *   checked against the table again just before it goes, so nothing a row refers to is deleted;
 * - rows whose file is missing are counted (never deleted: the row is the record that a document
 *   existed), for the operator.
 *
 * The result is logged as counts (no keys, no names).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/documents';
import { diskStorage } from '../../platform/storage/disk';
import type { Storage } from '../../platform/storage/types';

const PREFIX = 'documents/';

export type ReconcileResult = {
  /** Stored files that have their row. */
  matched: number;
  /** Files without a row, removed. */
  orphansRemoved: string[];
  /** Unfinished writes removed. */
  partialsRemoved: number;
  /** Files without a row or unfinished writes left for a later run (younger than minAgeMs). */
  youngSkipped: number;
  /** Rows whose file is not in storage. */
  rowsWithoutFile: number;
};

export async function reconcileStorage(
  db: Db,
  storage: Storage,
  opts: { minAgeMs: number; now?: number },
): Promise<ReconcileResult> {
  const limit = (opts.now ?? Date.now()) - opts.minAgeMs;
  // Rows first: a file stored after this read is younger than the read, so it is kept as young
  // (or re-checked before removal below).
  const keys = new Set((await db.select({ key: documents.storageKey }).from(documents)).map((r) => r.key));
  const entries = await storage.list(PREFIX);
  const result: ReconcileResult = {
    matched: 0,
    orphansRemoved: [],
    partialsRemoved: 0,
    youngSkipped: 0,
    rowsWithoutFile: 0,
  };
  const stored = new Set<string>();
  for (const e of entries) {
    if (!e.partial) stored.add(e.key);
    if (!e.partial && keys.has(e.key)) {
      result.matched++;
      continue;
    }
    if (e.modifiedMs > limit) {
      result.youngSkipped++;
      continue;
    }
    if (e.partial) {
      await storage.removePartial(e);
      result.partialsRemoved++;
      continue;
    }
    const [row] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.storageKey, e.key))
      .limit(1);
    if (row) {
      result.matched++;
      continue;
    }
    await storage.delete(e.key);
    result.orphansRemoved.push(e.key);
  }
  for (const k of keys) if (!stored.has(k)) result.rowsWithoutFile++;
  return result;
}

/** The counts of a run, as logged. */
export function reconcileCounts(r: ReconcileResult) {
  return {
    event: 'storage.reconcile',
    matched: r.matched,
    orphansRemoved: r.orphansRemoved.length,
    partialsRemoved: r.partialsRemoved,
    youngSkipped: r.youngSkipped,
    rowsWithoutFile: r.rowsWithoutFile,
  };
}

/**
 * Reconciles every `intervalMs` (after the start-up run), never two runs at once; `stop` ends it.
 * `log` gets each run's counts, or the error of a failed run (the next run tries again).
 */
export function scheduleStorageReconcile(
  db: Db,
  storage: Storage,
  opts: { intervalMs: number; minAgeMs: number },
  log: (counts: ReturnType<typeof reconcileCounts> | null, err?: unknown) => void,
): { stop(): void } {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      log(reconcileCounts(await reconcileStorage(db, storage, { minAgeMs: opts.minAgeMs })));
    } catch (err) {
      log(null, err);
    } finally {
      running = false;
    }
  }, opts.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The start-up sweep of the disk store (the crash test runs it as the server does). */
export async function removeOrphanFiles(db: Db, root: string, minAgeMs: number): Promise<string[]> {
  return (await reconcileStorage(db, diskStorage(root), { minAgeMs })).orphansRemoved;
}
