// The server the browser tests drive (playwright.config.ts `webServer`): the production build
// (built first when missing or stale) on a fresh data directory with demo data, so
// every run starts from the same known institute. The directory is removed on exit.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIsStale, mustRun, root } from './lib.mjs';

const port = process.env.E2E_PORT ?? '3100';
if (buildIsStale()) await mustRun('build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]);

// A known place (the tests read the e-mails written under mail/), emptied at every start.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `clinic-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, [path.join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'auto',
    DEMO_PASSWORD: process.env.DEMO_PASSWORD ?? 'Demo-Parola-Sigura-2026',
    NODE_ENV: 'production',
    // Playwright is the reverse proxy: each test's X-Forwarded-For is its own visitor address.
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The specs sign in many times a minute from one address; throttling has its own API tests.
    SIGNIN_LIMIT_PER_MINUTE: '500',
  },
});

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? 1));
});
