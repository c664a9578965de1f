import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Suites that start the real server as child processes on one database need a PostgreSQL server: they are
    // part of the run with TEST_DATABASE_URL (CI's second run) and not of the embedded one, rather than skipped.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts'])],
    pool: 'forks',
    // Each file opens its own database; two at a time fits CI's two cores.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // Only to catch a hang: a test that signs up and verifies several people takes seconds alone, far longer on
    // two cores shared with other suites.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    setupFiles: ['src/test/fail-on-console-error.ts'],
  },
});
