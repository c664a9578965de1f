// `npm run lighthouse`: builds (what changed), starts the app on a free port on the embedded defaults (PGlite in a
// fresh temporary folder, demo mode), and runs Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU) in
// Debian's Chromium against the landing page, the login page, and, signed in as the demo user, the dashboard and
// the demo user's card page. Each page runs LIGHTHOUSE_RUNS times (3 by default), each run in a new browser with an
// empty cache, and the run with the median performance score is reported, because one run on a shared machine can
// be far off. Writes a markdown table to bench/results/lighthouse.md and prints it. No thresholds: it reports.
// LIGHTHOUSE_REPORTS_DIR=<folder> also keeps each run's full JSON report there, to see what a page waited for.
// LIGHTHOUSE_PAGES=dashboard,card runs only the named pages. LIGHTHOUSE_AUTOGROUP_NICE=-10 (Linux, as root) gives
// the server and each browser a scheduling group of that weight: on a machine that other work keeps busy, the
// simulated slow phone otherwise multiplies the CPU time taken by everything else (decision 034). It measures the checkout it runs in: from another
// checkout's folder (`node <this checkout>/bench/lighthouse.mjs`), that checkout's build.
//
// Signing in: the script signs in through the API (POST /api/auth/login) and hands the session cookies to the
// browser before Lighthouse navigates, with Lighthouse's storage reset turned off (it would delete them). Nothing
// else was loaded in that browser, so the page still loads with an empty cache, as a returning phone's first visit
// after its cache was cleared.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const DEMO_USER = { email: 'demo@coincard.test', password: 'Demo-User-2026!' };
const PAGES = [
  { name: 'landing', path: () => '/' },
  { name: 'login', path: () => '/login' },
  { name: 'dashboard', path: () => '/dashboard', signedIn: true },
  { name: 'card', path: (session) => `/cards/${session.cardId}`, signedIn: true },
].filter((page) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(page.name));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);
const AUTOGROUP_NICE = process.env.LIGHTHOUSE_AUTOGROUP_NICE;

/** Sets the scheduling weight of the autogroup (session) `pid` is in; Chromium starts a session of its own. */
function raisePriority(pid) {
  if (!AUTOGROUP_NICE) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, AUTOGROUP_NICE);
  } catch (error) {
    console.error(`LIGHTHOUSE_AUTOGROUP_NICE: ${error.message}`);
  }
}

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

/** Signs the demo user in through the API; the demo data is made just after start-up, so it tries for a while. */
async function signIn(base) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_USER),
    });
    const cookies = response.headers.getSetCookie().map((header) => {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    if (response.ok && cookies.length > 0) {
      const cookieHeader = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      const cards = await (await fetch(`${base}/api/cards`, { headers: { cookie: cookieHeader } })).json();
      if (Array.isArray(cards) && cards.length > 0) return { cookies, cardId: cards[0]._id };
    }
    if (Date.now() > deadline) throw new Error(`could not sign the demo user in: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function lighthouseRun(base, url, session) {
  // Chromium refuses its sandbox as root; headless because no display is assumed.
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--disable-gpu', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
  });
  raisePriority(browser.process().pid);
  try {
    const page = await browser.newPage();
    if (session) {
      const domain = new URL(base).hostname;
      await browser.setCookie(...session.cookies.map((cookie) => ({ ...cookie, domain, path: '/' })));
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    return result;
  } finally {
    await browser.close();
  }
}

async function measure(base, url, session) {
  const { lhr: report, report: json } = await lighthouseRun(base, url, session);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-+|-+$/g, '') || 'landing';
    writeFileSync(join(REPORTS_DIR, `${name}-${Date.now()}.json`), json);
  }
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.code}: ${report.runtimeError.message}`);
  if (new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse ended on ${report.finalDisplayedUrl}, not ${url}: the page redirected`);
  }
  const audit = (id) => report.audits[id].numericValue;
  const requests = report.audits['network-requests'].details.items;
  // Requests the browser had started by the first contentful paint it observed (not Lantern's simulated one):
  // what the first paint could have waited for.
  const observedFcp = report.audits.metrics.details.items[0].observedFirstContentfulPaint;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferredKiB: audit('total-byte-weight') / 1024,
    requests: requests.length,
    requestsBeforeFcp: requests.filter((request) => request.networkRequestTime <= observedFcp).length,
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
  // The server runs in this script's session.
  raisePriority('self');
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...process.env, PORT: String(port), APP_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, server);
    const loadBefore = loadavg()[0].toFixed(1);
    const session = PAGES.some((page) => page.signedIn) ? await signIn(base) : null;
    const rows = [];
    let about = {};
    for (const page of PAGES) {
      const path = page.path(session);
      const url = `${base}${path}`;
      const pageSession = page.signedIn ? session : null;
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const result = await measure(base, url, pageSession).catch((error) => {
          // A navigation Chromium now and then refuses on a busy machine is run again once, not reported as a result.
          console.error(`${page.name} run ${i + 1}/${RUNS} failed, running it again: ${error.stderr ?? error.message}`);
          return measure(base, url, pageSession);
        });
        console.error(`${page.name} run ${i + 1}/${RUNS}: performance ${result.score}`);
        runs.push(result);
      }
      const median = medianRun(runs);
      about = median;
      rows.push(
        `| ${page.name} (\`${page.path({ cardId: ':id' })}\`) | ${median.score} | ${seconds(median.fcpMs)} | ${seconds(median.lcpMs)} | ` +
          `${Math.round(median.tbtMs)} ms | ${median.cls.toFixed(3)} | ${Math.round(median.transferredKiB)} | ` +
          `${median.requests} | ${median.requestsBeforeFcp} | ` +
          `${runs.map((r) => r.score).join(', ')} |`,
      );
    }
    const { stdout: commit } = await run('git', ['rev-parse', '--short', 'HEAD']).catch(() => ({ stdout: '?' }));
    const markdown = [
      `# Lighthouse, mobile preset (${new Date().toISOString()})`,
      '',
      `Commit ${commit.trim()}; Lighthouse ${about.version}; ${about.userAgent}. The median of ${RUNS} runs per page.`,
      `Load average (1 min) ${loadBefore} at the start, ${loadavg()[0].toFixed(1)} at the end` +
        (AUTOGROUP_NICE ? `; server and browsers at autogroup nice ${AUTOGROUP_NICE}.` : '.'),
      '',
      '| page | performance | FCP | LCP | TBT | CLS | transferred KiB | requests | requests before first paint | scores of all runs |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
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
