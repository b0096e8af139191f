// The server the browser tests drive (playwright.config.ts `webServer`): the production build
// (built first when missing or stale) on a fresh data directory with demo data, so
// every run starts from the same known institute. The directory is removed on exit.
import { execFileSync, spawn } from 'node:child_process';
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

// Medical letters are signed in the browser tests too: without LETTER_SIGNING_P12, a throw-away
// self-signed certificate made here, for this run only (the production start never does this).
const letterSigning = {};
if (!process.env.LETTER_SIGNING_P12) {
  const dir = path.join(dataDir, 'e2e-letter-certificate');
  mkdirSync(dir, { recursive: true });
  const [key, cert, p12] = ['key.pem', 'cert.pem', 'institut.p12'].map((f) => path.join(dir, f));
  const password = 'e2e-doar-pentru-teste';
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-utf8', '-days', '2'].concat([
      '-subj',
      '/CN=Institutul de Urgență (certificat de test)/O=Test e2e',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    cert,
    '-out',
    p12,
    '-passout',
    `pass:${password}`,
  ]);
  Object.assign(letterSigning, { LETTER_SIGNING_P12: p12, LETTER_SIGNING_PASSWORD: password });
}

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
    // The public form's proof of work expires in 20 s here, not 30 minutes: a spec leaves a form open
    // past it (registration.spec.ts), and every form the specs fill renews it as a patient's would.
    REGISTRATION_CHALLENGE_SECONDS: '20',
    ...letterSigning,
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
