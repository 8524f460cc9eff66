import { defineConfig } from 'vitest/config';

// One runner for the repo: pure rules (contracts), API tests through app.inject (server), console units (web).
export default defineConfig({
  test: {
    // Each server test file boots its own database; two cores, so keep the fan-out small.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
