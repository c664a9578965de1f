import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * A port nobody is using, picked once: Playwright loads this file again in each worker, and the workers inherit the
 * main process's environment, so they all see the port the server was started on.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}
process.env.E2E_PORT ??= String(freePort());
const PORT = Number(process.env.E2E_PORT);
const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      APP_URL: BASE_URL,
      DATA_DIR: '.data-e2e',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      // Each test context sends its own X-Forwarded-For: several people, not one IP hitting the rate limits.
      TRUST_PROXY: 'true',
      JOBS_POLL_SECONDS: '1',
    },
  },
});
