import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the production build with demo data (scripts/e2e-server.mjs), driving
 * the system Chromium: a browser is never downloaded (DESIGN §10).
 */
const port = process.env.E2E_PORT ?? '3100';
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    timezoneId: 'Europe/Bucharest',
    // A trace is recorded when a failed test is run again (CI retries once): recording one for
    // every test, to keep only the failures', cost a quarter of the suite's CPU (decision 0069).
    // Locally: `npx playwright test --trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    // A first build plus a new embedded database with demo data.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
