// `npm run lighthouse`: builds, starts the app on a free port on the embedded defaults (PGlite in a fresh temporary
// folder, demo mode), and runs Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU) against the landing
// page and the login page in Debian's Chromium. Each page runs LIGHTHOUSE_RUNS times (3 by default) and the run with
// the median performance score is reported, because one run on a shared machine can be far off. Writes a markdown
// table to bench/results/lighthouse.md and prints it. No thresholds: it reports.
// LIGHTHOUSE_REPORTS_DIR=<folder> also keeps each run's full JSON report there, to see what a page waited for.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_BIN = join('bench', 'node_modules', '.bin', 'lighthouse');
const run = promisify(execFile);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    // Code 0 is the server's clean shutdown on SIGTERM or SIGINT: something else on the machine stopped it.
    if (server.exitCode !== null) throw new Error(`the server exited early with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS_DIR;

async function lighthouse(url) {
  // Chromium refuses its sandbox as root; headless because no display is assumed.
  const chromeFlags = ['--headless=new', '--disable-gpu', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])];
  const { stdout } = await run(
    LIGHTHOUSE_BIN,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance',
      `--chrome-flags=${chromeFlags.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-+|-+$/g, '') || 'landing';
    writeFileSync(join(REPORTS_DIR, `${name}-${Date.now()}.json`), stdout);
  }
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.code}: ${report.runtimeError.message}`);
  const audit = (id) => report.audits[id].numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferredKiB: audit('total-byte-weight') / 1024,
    version: report.lighthouseVersion,
    userAgent: report.environment.hostUserAgent,
  };
}

function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const port = await freePort();
  // 127.0.0.1 rather than localhost: the server listens on IPv4 (0.0.0.0), so no navigation depends on ::1 failing over.
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'coincard-lighthouse-'));
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...process.env, PORT: String(port), APP_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, server);
    const rows = [];
    let about = {};
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const result = await lighthouse(`${base}${page.path}`).catch((error) => {
          // A navigation Chromium now and then refuses on a busy machine is run again once, not reported as a result.
          console.error(`${page.name} run ${i + 1}/${RUNS} failed, running it again: ${error.stderr ?? error.message}`);
          return lighthouse(`${base}${page.path}`);
        });
        console.error(`${page.name} run ${i + 1}/${RUNS}: performance ${result.score}`);
        runs.push(result);
      }
      const median = medianRun(runs);
      about = median;
      rows.push(
        `| ${page.name} (\`${page.path}\`) | ${median.score} | ${seconds(median.fcpMs)} | ${seconds(median.lcpMs)} | ` +
          `${Math.round(median.tbtMs)} ms | ${median.cls.toFixed(3)} | ${Math.round(median.transferredKiB)} | ` +
          `${runs.map((r) => r.score).join(', ')} |`,
      );
    }
    const { stdout: commit } = await run('git', ['rev-parse', '--short', 'HEAD']).catch(() => ({ stdout: '?' }));
    const markdown = [
      `# Lighthouse, mobile preset (${new Date().toISOString()})`,
      '',
      `Commit ${commit.trim()}; Lighthouse ${about.version}; ${about.userAgent}. The median of ${RUNS} runs per page.`,
      '',
      '| page | performance | FCP | LCP | TBT | CLS | transferred KiB | scores of all runs |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n');
    const dir = join('bench', 'results');
    mkdirSync(dir, { recursive: true });
    // One file, rewritten each run (git keeps the history).
    const file = join(dir, 'lighthouse.md');
    writeFileSync(file, markdown);
    console.log(markdown);
    console.log(`Written to ${file}`);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
