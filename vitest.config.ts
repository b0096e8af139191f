import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'server/**/*.unit.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web's components with the logic they hold (jsdom, Testing Library); the network is
        // stubbed at fetch (web/test/fetch.ts).
        test: {
          name: 'component',
          include: ['web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts', 'server/hardening/**/*.hardening.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        // Fuzz, fault and load tests (server/hardening): slower, run by `npm run test:hardening`.
        test: {
          name: 'hardening',
          include: ['server/hardening/**/*.hardening.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 300000,
          hookTimeout: 120000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
