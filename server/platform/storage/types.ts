import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (DESIGN §2): a directory on disk by default, an S3-compatible bucket
 * when S3_* is configured. Keys are server-generated (`documents/<uuid>`), never a client's name.
 * `put` is all-or-nothing: a failed or aborted write leaves nothing under the key.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores the whole body under `key`; resolves with the number of bytes stored. */
  put(key: string, body: Readable | Buffer, opts: { contentType: string }): Promise<{ size: number }>;
  /** The stored bytes; rejects with StorageNotFoundError when the key is absent. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Everything stored under `prefix`, unfinished writes included (`partial`: a temporary file on
   * disk, an incomplete multipart upload on S3), for the reconciliation with the database.
   */
  list(prefix: string): Promise<StoredEntry[]>;
  /** Removes an unfinished write that `list` found. */
  removePartial(entry: StoredEntry): Promise<void>;
}

/** One stored object as `list` sees it; `modifiedMs`: last write (disk) or start of the upload (S3). */
export type StoredEntry = { key: string; modifiedMs: number; partial: boolean; uploadId?: string };

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Keys are our own: lower-case segments, no dot segments, so a key can never leave the root. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..') || key.length > 512) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
