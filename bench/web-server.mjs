// The production server for the browser-side bench (bench/web.mjs, bench/web-size.mjs): the
// build in dist/ (`npm run build`) on a fresh embedded database with the demo institute, started
// as `npm start` would, on a free local port.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PASSWORD = 'Bench-demo-parola-2026';

/** Stops the process when the build is missing. */
export function requireBuild() {
  if (
    !existsSync(path.join(root, 'dist/server/main.js')) ||
    !existsSync(path.join(root, 'dist/web/index.html'))
  ) {
    console.error('No production build in dist/. Run: npm run build');
    process.exit(2);
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Starts dist/server/main.js on `dataDir`; resolves when /api/health answers. */
export async function startServer(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'auto',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Math.round(performance.now() - t0);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, ms, stop };
}

/** The demo superadmin's session cookie (`name=value; ...`). */
export async function signIn(url) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'superadmin@institut.example', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The self-service page of a real demo appointment (today or later), as staff copy it for the
 * patient: `/p/<token>`. Checked to open the appointment, not the "link not valid" page.
 */
export async function selfServicePath(url, cookie) {
  const headers = { cookie, origin: url };
  const list = await (await fetch(`${url}/api/appointment?perPage=50`, { headers })).json();
  for (const a of list.appointments ?? []) {
    const link = await fetch(`${url}/api/self-service/link/${a.id}`, { headers });
    if (!link.ok) continue;
    const { pathname } = new URL((await link.json()).url);
    const view = await fetch(`${url}/api${pathname.replace(/^\/p\//, '/self-service/')}`);
    if (view.ok && (await view.json()).appointment) return pathname;
  }
  throw new Error('no demo appointment opens a self-service page');
}
