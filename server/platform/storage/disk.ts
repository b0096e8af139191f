import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type Storage, StorageNotFoundError, type StoredEntry } from './types';

/** Suffix of files still being written; `list` skips them, a restart may sweep them. */
const PARTIAL = '.partial-';

/**
 * Files under `root` (DATA_DIR/files). A write goes to a temporary name beside its final one and
 * is renamed only once complete, so a half-written file never appears under its key.
 */
export function diskStorage(root: string): Storage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };

  // A process killed mid-write leaves its temporary file; the first write of the next process
  // removes those older than an hour (younger ones may belong to another node still writing).
  let swept: Promise<void> | null = null;

  return {
    kind: 'disk',

    async put(key, body) {
      swept ??= sweepPartials(root, STALE_PARTIAL_MS).catch(() => {});
      await swept;
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}${PARTIAL}${randomBytes(6).toString('hex')}`;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, counter, out);
        await rename(tmp, target);
      } catch (err) {
        // A pipeline that fails early may still be opening the file: remove it once closed,
        // or the temporary file would appear after the rm.
        if (!out.closed) await new Promise((resolve) => out.once('close', resolve));
        await rm(tmp, { force: true });
        throw err;
      }
      return { size };
    },

    async get(key) {
      const target = file(key);
      try {
        const s = await stat(target);
        if (!s.isFile()) throw new StorageNotFoundError(key);
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw err;
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw err;
      }
      return createReadStream(target);
    },

    async delete(key) {
      await rm(file(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(file(key))).isFile();
      } catch {
        return false;
      }
    },

    async list(prefix) {
      const out: StoredEntry[] = [];
      for (const rel of await listAllFiles(root)) {
        if (!rel.startsWith(prefix)) continue;
        const s = await stat(path.join(root, ...rel.split('/'))).catch(() => null);
        if (s) out.push({ key: rel, modifiedMs: s.mtimeMs, partial: rel.includes(PARTIAL) });
      }
      return out;
    },

    async removePartial(entry) {
      const [base, suffix] = entry.key.split(PARTIAL);
      assertKey(base);
      if (!/^[0-9a-f]{12}$/.test(suffix ?? '')) throw new Error('removePartial: not a temporary file');
      await rm(`${file(base)}${PARTIAL}${suffix}`, { force: true });
    },
  };
}

const STALE_PARTIAL_MS = 60 * 60 * 1000;

async function sweepPartials(root: string, olderThanMs: number): Promise<void> {
  const limit = Date.now() - olderThanMs;
  for (const rel of await listAllFiles(root)) {
    if (!rel.includes(PARTIAL)) continue;
    const full = path.join(root, ...rel.split('/'));
    const s = await stat(full).catch(() => null);
    if (s && s.mtimeMs < limit) await rm(full, { force: true });
  }
}

/** Every file under root, including unfinished writes (tests: "no half file left behind"). */
export async function listAllFiles(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}
