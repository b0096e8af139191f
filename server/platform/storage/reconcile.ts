/**
 * After a crash: a document file whose row never committed (the process died between storing the
 * file and the insert) or a half-written temporary file is removed, so the files directory and the
 * documents table hold the same set. Run at start, before listening. On the embedded database only
 * this process can write, so every orphan goes at once; on PostgreSQL another node may be in the
 * middle of an upload, so only orphans older than `minAgeMs` go.
 */
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { listAllFiles } from './disk';

export async function removeOrphanFiles(db: Db, root: string, minAgeMs: number): Promise<string[]> {
  const files = (await listAllFiles(root)).filter((f) => f.startsWith('documents/'));
  if (!files.length) return [];
  const keys = new Set((await db.select({ key: documents.storageKey }).from(documents)).map((r) => r.key));
  const limit = Date.now() - minAgeMs;
  const removed: string[] = [];
  for (const rel of files) {
    if (keys.has(rel)) continue;
    const full = path.join(root, ...rel.split('/'));
    const s = await stat(full).catch(() => null);
    if (!s || s.mtimeMs > limit) continue;
    await rm(full, { force: true });
    removed.push(rel);
  }
  return removed;
}
