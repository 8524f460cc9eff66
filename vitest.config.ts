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
          // Fixed keys of the personal-number columns (test only): the seeded template database is shared by
          // every test process, so they all must read it with the same keys.
          env: {
            PII_KEYS: 'test1:dGVzdC1vbmx5LXBpaS1rZXktMDAwMDAwMDAwMDAwMDA=',
            PII_INDEX_KEY: 'dGVzdC1vbmx5LXBpaS1pbmRleC1rZXktMDAwMDAwMDA=',
          },
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
