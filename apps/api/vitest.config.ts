import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const ALL = ['src/**/*.test.ts'];

/**
 * The test files that run on both databases: those whose expectations differ between them (they read
 * `usingPostgres`: the embedded database has one user and no pool, so a refusal or a metric is not the same there),
 * and those marked `@both-databases` because the code they cover takes a different path per driver (the prepared
 * hot statements of db/prepared-query.ts go through Drizzle on the embedded database).
 */
function filesCheckingEachDatabase(): string[] {
  return testFilesWhere((text) => text.includes('usingPostgres') || text.includes('@both-databases'));
}

function testFilesWhere(holds: (text: string) => boolean): string[] {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('src', file))
    .filter((file) => holds(readFileSync(file, 'utf8')));
}

/**
 * The suites that start the built server as child processes (several instances, a killed one, a restarted database):
 * their time is mostly the children's and waiting for them, so they run in a lane of their own beside the rest
 * (scripts/test-lanes.mjs), one file at a time, instead of holding one of the two workers the in-process files share.
 */
const SERVER_PROCESS_FILES = testFilesWhere((text) => text.includes('test/server-process.js'));

// With TEST_DATABASE_URL (CI) every file runs on PostgreSQL, and the files above on the embedded default as well, so
// one run checks both sides. Without it, everything runs on the embedded default except the suites that start the
// real server as child processes on one database: they need a PostgreSQL server, and are left out rather than skipped.
const projects = process.env.TEST_DATABASE_URL
  ? [
      { name: 'postgres', include: ALL, exclude: [...configDefaults.exclude, ...SERVER_PROCESS_FILES] },
      {
        name: 'embedded',
        include: filesCheckingEachDatabase(),
        exclude: [...configDefaults.exclude, ...SERVER_PROCESS_FILES],
        env: { TEST_DATABASE_URL: '' },
      },
      { name: 'servers', include: SERVER_PROCESS_FILES },
    ]
  : [
      {
        name: 'embedded',
        include: ALL,
        exclude: [...configDefaults.exclude, 'src/**/*.postgres.test.ts', ...SERVER_PROCESS_FILES],
      },
      {
        name: 'servers',
        include: SERVER_PROCESS_FILES,
        exclude: [...configDefaults.exclude, 'src/**/*.postgres.test.ts'],
      },
    ];

export default defineConfig({
  test: {
    pool: 'forks',
    // Each file opens its own database; two at a time on CI's two cores (scripts/test-lanes.mjs runs the server-process
    // suites one at a time beside them). A third fork made the run 25% shorter but overloaded the multi-instance
    // suites, whose jobs then outlasted their run time and ran twice (decision 036).
    maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
    // Only to catch a hang: a test that signs up and verifies several people takes seconds alone, far longer on
    // two cores shared with other suites.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    setupFiles: ['src/test/fail-on-console-error.ts'],
    globalSetup: ['src/test/template-database.ts'],
    // The files on PostgreSQL share each worker's loaded modules instead of importing the whole app again per file
    // (80 s of CPU in a run): they mock nothing and each builds its own app on its own database, so nothing of one
    // file reaches the next. Files on the embedded database stay isolated: each PGlite's WebAssembly memory is only
    // given back with its process (a shared worker grew past 3 GB in a third of the suite), and the server-process
    // suites' time is their children's anyway.
    projects: projects.map((test) => ({ extends: true, test: { ...test, isolate: test.name !== 'postgres' } })),
  },
});
