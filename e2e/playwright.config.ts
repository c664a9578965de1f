import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * Ports nobody is using, picked once: Playwright loads this file again in each worker, and the workers inherit the
 * main process's environment, so they all see the ports the servers were started on.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

/**
 * The specs run in two shards side by side, each on a server and a database of its own with one worker:
 * within a shard the specs follow one another on one database as they did in a single run (the referral journey
 * counts the platform's new users, the admin's sign-in reads the latest mailed code), and nothing of one shard is
 * seen by the other. The specs named here (picked by their length to be about half of the run) make the first shard;
 * every other spec, a new one included, the second.
 */
const FIRST_SHARD = [
  'referral-admin.spec.ts',
  'card-journey.spec.ts',
  'passkeys.spec.ts',
  'public-pages.spec.ts',
  'first-load.spec.ts',
  'cardholder-verification.spec.ts',
].map((spec) => `**/${spec}`);

/**
 * With TEST_DATABASE_URL (CI), the second shard's server runs on a PostgreSQL database of its own on that server, so
 * one run covers the product end to end on both databases, and the first shard keeps the embedded default `npm start`
 * uses. PostgreSQL also costs far less CPU per query than the embedded database, which runs in the server's process.
 */
function postgresEnv(name: string): Record<string, string> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return {};
  const url = new URL(admin);
  url.pathname = `/coincard_e2e_${name}`;
  return {
    E2E_DATABASE_URL: url.toString(),
    E2E_ADMIN_DATABASE_URL: admin,
    // The embedded default's own settings, which a PostgreSQL deployment does not share, so both shards test the same
    // product: no sandbox issuer window between a load and an unload (five minutes on PostgreSQL), and no load
    // shedding (a busy CI machine would trip it).
    SANDBOX_ISSUER_WINDOW_SECONDS: '0',
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
}

function shardServer(name: string, portVariable: string, database: 'embedded' | 'postgres-when-given') {
  process.env[portVariable] ??= String(freePort());
  const port = Number(process.env[portVariable]);
  const baseURL = `http://localhost:${port}`;
  return {
    baseURL,
    server: {
      command: 'node e2e/start-server.mjs',
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // Only to catch a hang: the two servers migrate and seed their databases at the same time on two cores.
      timeout: 180_000,
      env: {
        PORT: String(port),
        APP_URL: baseURL,
        DATA_DIR: `.data-e2e-${name}`,
        LOG_LEVEL: 'warn',
        DEMO_MODE: 'true',
        // Each test context sends its own X-Forwarded-For: several people, not one IP hitting the rate limits.
        TRUST_PROXY: 'true',
        JOBS_POLL_SECONDS: '1',
        // Metrics on a free port, so the run never collides with an `npm start` (or another run) on 9464.
        METRICS_PORT: '0',
        ...(database === 'postgres-when-given' ? postgresEnv(name) : {}),
      },
    },
  };
}

const first = shardServer('1', 'E2E_PORT', 'embedded');
const second = shardServer('2', 'E2E_PORT_2', 'postgres-when-given');

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  // The two shards side by side, each with its one worker, server and database (decision 036).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, network); without the screencast, which had the browser
    // encode frames all through every test that passed.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Found (or installed) by scripts/ensure-chromium.mjs, which `npm run test:e2e` runs first.
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
  projects: [
    { name: 'shard-1', testMatch: FIRST_SHARD, workers: 1, use: { baseURL: first.baseURL } },
    { name: 'shard-2', testIgnore: FIRST_SHARD, workers: 1, use: { baseURL: second.baseURL } },
  ],
  webServer: [first.server, second.server],
});
