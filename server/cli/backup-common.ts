/** Shared by `npm run backup` and `npm run restore`: the archive layout and the stopped-server check. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The archive (tar.gz): manifest.json; the database as `db/` (the embedded data directory) or
 * `database.dump` (pg_dump custom format); `files/` (stored documents); `auth-secret` when the
 * secret lives in DATA_DIR (two-factor secrets are encrypted with it).
 */
export type Manifest = { format: 1; kind: 'pglite' | 'postgres'; createdAt: string; files: boolean };

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The embedded database may only be copied while no server process has it open. */
export function assertServerStopped(dataDir: string) {
  const lock = path.join(dataDir, 'db', 'server.lock');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch (err) {
    alive = (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (pid && alive && pid !== process.pid)
    fail(`The server (pid ${pid}) is running on ${dataDir}. Stop it first, then run this command again.`, 3);
}

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  try {
    execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT')
      fail(
        `${cmd} was not found: install it (Debian: apt-get install ${cmd === 'tar' ? 'tar' : 'postgresql-client'}).`,
      );
    fail(`${cmd} failed (exit code ${(err as { status?: number }).status ?? '?'}).`);
  }
}
