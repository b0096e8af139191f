// `npm test`: every suite, in the order that fails fastest.
//   lint, typecheck, unused code -> unit (two time zones), web components (jsdom) -> API on
//   PGlite (UTC) -> API on PostgreSQL under a second TZ when TEST_DATABASE_URL is set (else the
//   date-dependent files again on PGlite under that TZ) -> hardening
//   (fuzz, faults, crashes) -> production build -> browser tests (Playwright, system Chromium).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bin, mustRun } from './lib.mjs';

const only = process.argv[2]; // optional: lint | unit | api | pg | hardening | e2e
const want = (s) => !only || only === s;
const pgUrl = process.env.TEST_DATABASE_URL;
const noPg = { TEST_DATABASE_URL: '' };

if (want('lint')) {
  await mustRun('lint (biome)', bin('biome'), ['check', '.']);
  // One configuration per side (docs/ARCHITECTURE.md): domain without DOM or Node types, web
  // with DOM only, server with Node only, then the tools and tests around them.
  for (const project of ['domain', 'web', 'server', 'tsconfig.json']) {
    await mustRun(`typecheck (tsc -p ${project})`, bin('tsc'), ['--noEmit', '-p', project]);
  }
  // The walls between features and tables (docs/ARCHITECTURE.md "Enforced"): dependency-cruiser's
  // import rules, no loop between features, no SQL naming another owner's table.
  await mustRun('architecture (dependency-cruiser, owners)', process.execPath, [
    'scripts/check-architecture.mjs',
  ]);
  // Every locked package declares the oldest Node the project supports (decision 0080).
  await mustRun('Node versions the packages declare', process.execPath, ['scripts/check-engines.mjs']);
  // Unused files, exports and dependencies (knip.jsonc).
  await mustRun('unused code (knip)', bin('knip'), []);
}
if (want('unit')) {
  // The letter's signature test checks the signed PDF with an independent verifier.
  ensureDebianPackage('/usr/bin/pdfsig', 'poppler-utils', 'The signature tests need pdfsig');
  await mustRun('unit tests (TZ=UTC)', bin('vitest'), ['run', '--project', 'unit'], { env: { TZ: 'UTC' } });
  await mustRun('unit tests (TZ=America/New_York)', bin('vitest'), ['run', '--project', 'unit'], {
    env: { TZ: 'America/New_York' },
  });
  // The web's components (jsdom): the appointment modals' steps, the time options, the status menu.
  await mustRun('component tests (TZ=UTC)', bin('vitest'), ['run', '--project', 'component'], {
    env: { TZ: 'UTC' },
  });
}
if (want('api')) {
  await mustRun('API tests on PGlite (TZ=UTC)', bin('vitest'), ['run', '--project', 'api'], {
    env: { ...noPg, TZ: 'UTC' },
  });
  // The rules that depend on "today" and weekdays in Europe/Bucharest, again under a server
  // clock set to another zone: the answers must not change. With PostgreSQL, its run below is
  // that second zone for the whole suite; without it, the areas of those rules run again here.
  if (!pgUrl) {
    const dateAreas = ['registration', 'appointments', 'dashboard', 'calendars', 'my-account'];
    await mustRun(
      'date-dependent API tests on PGlite (TZ=America/New_York)',
      bin('vitest'),
      ['run', '--project', 'api', ...dateAreas.map((a) => `server/features/${a}`)],
      {
        env: { ...noPg, TZ: 'America/New_York' },
      },
    );
  }
}
if ((want('api') || want('pg')) && pgUrl) {
  await mustRun('API tests on PostgreSQL (TZ=America/New_York)', bin('vitest'), ['run', '--project', 'api'], {
    env: { TZ: 'America/New_York' },
  });
} else if (want('pg')) {
  console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API suite.');
}
if (want('hardening')) {
  // Fuzz over the published OpenAPI, crash and fault tests (server/hardening/*.hardening.test.ts).
  await mustRun('hardening tests (fuzz, faults, crashes)', bin('vitest'), ['run', '--project', 'hardening'], {
    env: { TZ: 'UTC' },
  });
}
if (want('e2e')) {
  ensureChromium();
  await mustRun('production build', process.execPath, ['scripts/build.mjs']);
  await mustRun('browser tests (Playwright, system Chromium)', bin('playwright'), ['test']);
}
console.log('\n✔ all test suites passed');

function ensureChromium() {
  ensureDebianPackage('/usr/bin/chromium', 'chromium', 'The browser tests need the system Chromium');
}

/** Installs a Debian package when its binary is missing and we may (root); otherwise stops clearly. */
function ensureDebianPackage(binary, pkg, why) {
  if (existsSync(binary)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log(`${binary} is missing: installing the Debian package (apt-get install ${pkg})...`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      /* reported below */
    }
  }
  if (!existsSync(binary)) {
    console.error(`${why} at ${binary}. Install it with: sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
}
