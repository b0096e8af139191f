// Helpers shared by the npm scripts (plain Node, no build step needed).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: 'inherit',
      cwd: root,
      ...opts,
      env: { ...process.env, ...opts.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(label, cmd, args, opts) {
  console.log(`\n▶ ${label}`);
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`✖ ${label} failed (exit ${code})`);
    process.exit(code);
  }
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export const BUILD_STAMP = path.join(root, 'dist', '.build-stamp');

/** True when dist/ is missing or older than any source it is built from. */
export function buildIsStale() {
  if (!existsSync(BUILD_STAMP) || !existsSync(path.join(root, 'dist', 'server', 'main.js'))) return true;
  const built = statSync(BUILD_STAMP).mtimeMs;
  const sources = [
    'web',
    'server',
    'domain',
    'package-lock.json',
    'vite.config.ts',
    'tsconfig.json',
    'tsconfig.base.json',
  ];
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}
