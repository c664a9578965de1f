// `npm run bench`: seeds a PostgreSQL database, starts the built server against it, and measures with
// autocannon: GET /api/user and GET /api/transactions (requests/s and p99 at 50 connections), webhook crediting
// throughput, card loads with 50 users loading their own cards at once, a ledger transfer microbenchmark, a bare
// Fastify route in the same run as the framework's ceiling, and the admin's reads over 100,000 users, 300,000 cards
// and 1,000,000 top-ups. No thresholds: it reports.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { jobThroughput } from './lib/job-throughput.mjs';
import { ledgerInvariants } from './lib/ledger-invariants.mjs';
import { prepareLedgerTransfers } from './lib/ledger-transfers.mjs';
import { residentMiB } from './lib/memory.mjs';
import { preparePgbench } from './lib/pgbench.mjs';
import { cpuPerRequest, cpuSnapshot } from './lib/process-cpu.mjs';
import { registrationTiming } from './lib/registration-timing.mjs';
import { measureAdmin, seedScale } from './lib/scale.mjs';
import { settle } from './lib/settle.mjs';
import { cardFor, topUp, verifiedUser } from './lib/users.mjs';

const BASE_DB =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_PORT: another port when a second bench runs on the same machine (the ceilings and the sandbox issuer use the next two).
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const APP = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
// BENCH_ONLY=scale runs only the admin reads at scale (seed + measureAdmin); BENCH_KEEP_DB=1 leaves the database behind
// (its name is printed) to look at plans with EXPLAIN afterwards.
// BENCH_ONLY=read runs only the authenticated read against its ceilings (bare route, one pg SELECT) in about a minute.
// BENCH_ONLY=signup runs only the sign-up timing of new against taken addresses.
const SCALE_ONLY = process.env.BENCH_ONLY === 'scale';
const READ_ONLY = process.env.BENCH_ONLY === 'read';
const SIGNUP_ONLY = process.env.BENCH_ONLY === 'signup';
// BENCH_ONLY=jobs runs only the job engine's throughput and enqueue-to-start latency.
const JOBS_ONLY = process.env.BENCH_ONLY === 'jobs';
// BENCH_ONLY=ledger runs only the ledger's transfers against pgbench's TPC-B-like ceiling; BENCH_ONLY=cards the
// ledger and then the card loads judged against it.
const LEDGER_ONLY = process.env.BENCH_ONLY === 'ledger';
const CARDS_ONLY = process.env.BENCH_ONLY === 'cards';
// BENCH_ONLY=soak runs mixed signed-in traffic for BENCH_SOAK_MINUTES (10) and samples the server's memory: not CI.
const SOAK_ONLY = process.env.BENCH_ONLY === 'soak';
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
// BENCH_STATEMENTS=1 (with BENCH_ONLY=cards) writes bench/results/cards-statements.txt: each statement per load.
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const ADMIN_RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 100);
// The read and its one-query ceiling take turns this many times (BENCH_READ_ROUNDS).
const READ_ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 3);

const dbName = `coincard_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: BASE_DB });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(BASE_DB);
dbUrl.pathname = `/${dbName}`;

// BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
const profileArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const SESSION_SECRET = randomBytes(32).toString('hex');
// BENCH_ISSUER=apart runs the sandbox card issuer in a process and a database of its own (bench/lib/sandbox-issuer.mjs),
// reached as a real issuer is (CARD_ISSUER=bridgecard): the issuer's work is then not counted as the server's.
const ISSUER_APART = process.env.BENCH_ISSUER === 'apart';
const issuerDb = `${dbName}_issuer`;
const issuerEnv = {};
let issuer = null;
if (ISSUER_APART) {
  await admin.query(`create database ${issuerDb}`);
  const issuerUrl = new URL(BASE_DB);
  issuerUrl.pathname = `/${issuerDb}`;
  const { sandboxIssuerCredentials } = await import('../apps/api/dist/providers/issuing/index.js');
  const credentials = sandboxIssuerCredentials(SESSION_SECRET);
  issuer = fork('bench/lib/sandbox-issuer.mjs', [String(PORT + 2), issuerUrl.toString(), SESSION_SECRET, APP], {
    env: { ...process.env, SANDBOX_ISSUER_SETTLE_MS: '200' },
  });
  await new Promise((resolve, reject) => {
    issuer.once('message', resolve);
    issuer.once('exit', () => reject(new Error('the sandbox issuer stopped')));
  });
  issuer.removeAllListeners('exit');
  Object.assign(issuerEnv, {
    CARD_ISSUER: 'bridgecard',
    BRIDGECARD_BASE_URL: `http://127.0.0.1:${PORT + 2}/sandbox/issuing/v1`,
    BRIDGECARD_ACCESS_TOKEN: credentials.accessToken,
    BRIDGECARD_SECRET_KEY: credentials.secretKey,
    BRIDGECARD_WEBHOOK_SECRET: credentials.webhookSecret,
  });
}
// The query counter (bench/lib/count-queries.mjs) answers over the IPC channel how many statements the request path sent.
const server = spawn('node', [...profileArgs, '--import', './bench/lib/count-queries.mjs', 'apps/api/dist/server.js'], {
  env: {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    PORT: String(PORT),
    APP_URL: APP,
    SESSION_SECRET,
    // The sandbox providers and demo logins on PostgreSQL: demo features must be asked for.
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    // Each benchmark user arrives from its own address; the sandbox issuer settles quickly and allows every load.
    TRUST_PROXY: 'true',
    SANDBOX_ISSUER_WINDOW_SECONDS: '0',
    SANDBOX_ISSUER_SETTLE_MS: '200',
    // Metrics on a free port of their own, so a bench beside a running `npm start` does not collide on 9464.
    METRICS_PORT: '0',
    DATA_DIR: `/tmp/${dbName}`,
    ...issuerEnv,
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});

/**
 * How many SQL statements the server has sent so far; after splitRequestPath(), also on the request path and in
 * background work apart.
 */
function queryCounts(message = 'query-counts') {
  return new Promise((resolve) => {
    server.once('message', resolve);
    server.send(message);
  });
}

const splitRequestPath = () => queryCounts('split-request-path');

async function waitForHealth() {
  // Up to a minute: on a loaded machine migrations and the demo seed take a while.
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${APP}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const json = { 'content-type': 'application/json', origin: APP };

const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function signIn(email = 'demo@coincard.test', password = 'Demo-User-2026!') {
  const startedAt = Date.now() - 1000;
  const response = await fetch(`${APP}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!body.isTwoFactorRequired) return cookiesOf(response);
  // Admins always have a second factor: the mailed code, read from the development outbox.
  for (let i = 0; i < 50; i += 1) {
    const { mails } = await (await fetch(`${APP}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const mail = mails.find((m) => m.subject.includes('Your sign-in code') && Date.parse(m.createdAt) >= startedAt);
    if (mail) {
      const verified = await fetch(`${APP}/api/auth/2fa/verify`, {
        method: 'POST',
        headers: { ...json, cookie: cookiesOf(response) },
        body: JSON.stringify({ code: mail.text.match(/\b\d{6}\b/)?.[0], userId: body.userId }),
      });
      return cookiesOf(verified);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code for ${email}`);
}

/** One autocannon run; with `pid`, also the CPU that process and PostgreSQL spent per request during it. */
function run(title, options, pid) {
  return new Promise((resolve, reject) => {
    const settings = { connections: CONNECTIONS, ...(options.amount ? {} : { duration: DURATION }), ...options };
    const ofServer = pid === server.pid;
    (ofServer ? queryCounts() : Promise.resolve(null)).then((queriesBefore) => {
      // PostgreSQL's CPU: the backends of this run's database only (the server and the ceilings use it; others share PostgreSQL).
      const databases = [dbName];
      const before = pid ? cpuSnapshot(pid, databases) : null;
      autocannon(settings, async (error, result) => {
        if (error) return reject(error);
        const cpu = before ? cpuPerRequest(before, cpuSnapshot(pid, databases), result.requests.total) : null;
        const queriesAfter = ofServer ? await queryCounts() : null;
        resolve({
          title,
          rps: Math.round(result.requests.average),
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
          cpu,
          // On the request path once the counter tells it apart (card loads); before that, every statement the
          // server sent during the run (the reads have no background half).
          queries: queriesAfter
            ? (
                (queriesAfter.split
                  ? queriesAfter.requestPath - queriesBefore.requestPath
                  : queriesAfter.all - queriesBefore.all) / Math.max(result.requests.total, 1)
              ).toFixed(1)
            : '',
        });
      });
    }, reject);
  });
}

const rows = [];
const scale = { seconds: 0, rows: [] };
const benchDb = new pg.Client({ connectionString: dbUrl.toString() });
// Dropping the database at the end ends this session too.
benchDb.on('error', () => undefined);
try {
  await waitForHealth();
  await benchDb.connect();
  // Idle: started, migrated, demo data seeded, nothing asked yet but the health check.
  await new Promise((r) => setTimeout(r, 2000));
  const idleMiB = residentMiB(server.pid);
  if (READ_ONLY) await authenticatedRead(await signIn());
  else if (SIGNUP_ONLY) await signUpTiming();
  else if (JOBS_ONLY) await jobEngine();
  else if (LEDGER_ONLY) await ledgerAgainstPgbench();
  else if (CARDS_ONLY) await cardLoads();
  else if (SOAK_ONLY) await soak();
  else if (!SCALE_ONLY) await throughput();

  // The admin console at scale.
  if (!READ_ONLY && !SIGNUP_ONLY && !JOBS_ONLY && !LEDGER_ONLY && !CARDS_ONLY && !SOAK_ONLY) await adminAtScale();
  rows.push({
    title: `server resident memory: ${idleMiB} MiB at idle, ${residentMiB(server.pid)} MiB after the run's load`,
    rps: '',
    p99: '',
    errors: '',
  });
  await benchDb.end();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (issuer) {
    issuer.kill('SIGTERM');
    await new Promise((r) => issuer.once('exit', r));
    await admin.query(`drop database if exists ${issuerDb} with (force)`);
  }
  if (KEEP_DB) console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

async function adminAtScale() {
  const seeded = await seedScale(benchDb);
  scale.seconds = seeded.seconds;
  const adminCookie = await signIn('admin@coincard.test', 'Demo-Admin-2026!');
  scale.rows = await measureAdmin(APP, adminCookie, seeded, ADMIN_RUNS);
}

/**
 * GET /api/user beside its two ceilings, in the same run and at the same connection count: a bare Fastify route
 * (the framework) and a Fastify route doing one primary-key SELECT through `pg` on the same database with the same
 * pool size as the server (the framework plus one round trip). The ratio to the second is what the read is judged by.
 */
async function authenticatedRead(cookie) {
  // A page of top-ups to list: 30 started (a page shows 10).
  for (let i = 0; i < 30; i += 1) {
    await fetch(`${APP}/api/transactions`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ currency: 'USDT', network: 'TRON', amountInUsd: 1000 + i }),
    });
  }
  const { rows: ids } = await benchDb.query("select id from users where email = 'demo@coincard.test'");
  const ceilings = fork('bench/lib/ceiling-server.mjs', [
    String(PORT + 1),
    dbUrl.toString(),
    String(POOL_SIZE),
    ids[0].id,
  ]);
  await new Promise((resolve, reject) => {
    ceilings.once('message', resolve);
    ceilings.once('exit', () => reject(new Error('the ceiling server stopped')));
  });
  const ceilingPid = ceilings.pid;
  const bare = { url: `http://127.0.0.1:${PORT + 1}/bare` };
  const one = { url: `http://127.0.0.1:${PORT + 1}/one` };
  const me = { url: `${APP}/api/user`, headers: { cookie } };
  const list = { url: `${APP}/api/transactions`, headers: { cookie } };
  const statement = { url: `${APP}/api/activity`, headers: { cookie } };
  // Neither server is measured cold: each route runs for two seconds first, so the JIT has compiled its path.
  for (const target of [bare, one, me, list, statement]) await run('warm-up', { ...target, duration: 2 });
  rows.push(await run('bare Fastify route (ceiling)', bare, ceilingPid));
  // The ceiling and the read take turns, and each round's ratio compares neighbours: a machine whose speed drifts
  // (other work, CPU boost) moves both sides of a round alike. The median round is reported, with every round.
  const rounds = [];
  for (let round = 0; round < READ_ROUNDS; round += 1) {
    const ceiling = await run('Fastify + one primary-key SELECT through pg (ceiling)', one, ceilingPid);
    const user = await run('GET /api/user', me, server.pid);
    const transactions = await run('GET /api/transactions (a page of top-ups)', list, server.pid);
    const lines = await run('GET /api/activity (the account statement, first page)', statement, server.pid);
    rounds.push({
      ceiling,
      user,
      transactions,
      lines,
      ratio: user.rps / ceiling.rps,
      listRatio: transactions.rps / ceiling.rps,
      statementRatio: lines.rps / ceiling.rps,
    });
  }
  ceilings.removeAllListeners('exit');
  ceilings.kill('SIGTERM');
  await new Promise((r) => ceilings.once('exit', r));

  const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
  const median = byRatio[Math.floor(byRatio.length / 2)];
  rows.push({ ...median.ceiling, title: `${median.ceiling.title}, median round` });
  rows.push({ ...median.user, title: `${median.user.title}, median round` });
  rows.push({
    title: `GET /api/user ÷ one-query ceiling: ${percent(median.ratio)}, p99 ${median.user.p99} ms against the ceiling's ${median.ceiling.p99} ms (${(median.user.p99 / median.ceiling.p99).toFixed(2)}×) (rounds of ${DURATION}s each: ${rounds.map((r) => percent(r.ratio)).join(', ')})`,
    rps: '',
    p99: '',
    errors: '',
  });
  const byListRatio = [...rounds].sort((a, b) => a.listRatio - b.listRatio);
  const listMedian = byListRatio[Math.floor(byListRatio.length / 2)];
  rows.push({ ...listMedian.transactions, title: `${listMedian.transactions.title}, median round` });
  rows.push({
    title: `GET /api/transactions ÷ one-query ceiling (same round): ${percent(listMedian.listRatio)} (rounds: ${rounds.map((r) => percent(r.listRatio)).join(', ')})`,
    rps: '',
    p99: '',
    errors: '',
  });
  const byStatementRatio = [...rounds].sort((a, b) => a.statementRatio - b.statementRatio);
  const statementMedian = byStatementRatio[Math.floor(byStatementRatio.length / 2)];
  rows.push({ ...statementMedian.lines, title: `${statementMedian.lines.title}, median round` });
  rows.push({
    title: `GET /api/activity ÷ one-query ceiling (same round): ${percent(statementMedian.statementRatio)} (rounds: ${rounds.map((r) => percent(r.statementRatio)).join(', ')})`,
    rps: '',
    p99: '',
    errors: '',
  });
}

function percent(ratio) {
  return `${Math.round(ratio * 100)}%`;
}

/**
 * Ledger transfers through `move` (20 concurrent, one transaction each) beside pgbench's TPC-B-like transaction on a
 * database of its own at the same concurrency: they take turns BENCH_LEDGER_ROUNDS (5) times, each turn once autovacuum
 * has settled, and the median round is reported.
 * Answers the ledger's median rate, which the card loads are judged by.
 */
async function ledgerAgainstPgbench() {
  const concurrency = 20;
  const turns = Number(process.env.BENCH_LEDGER_ROUNDS ?? 5);
  const seconds = Math.max(4, Math.round(DURATION * 0.6));
  const pgbench = await preparePgbench({ baseUrl: BASE_DB, clients: concurrency });
  const ledger = await prepareLedgerTransfers({ dbUrl: dbUrl.toString(), concurrency });
  const rounds = [];
  try {
    // More and shorter turns than the reads: a write-heavy turn's luck (a checkpoint falling in it) averages out.
    for (let round = 0; round < turns; round += 1) {
      await settle(BASE_DB);
      const pgbenchRound = await pgbench.measure(seconds);
      await settle(BASE_DB);
      const transfers = await ledger.measure(seconds);
      await settle(BASE_DB);
      const wrapped = await ledger.measure(seconds, { inTransaction: true });
      rounds.push({ pgbench: pgbenchRound, transfers, wrapped, ratio: transfers.perSecond / pgbenchRound.tps });
    }
  } finally {
    await ledger.close();
    await pgbench.drop();
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  rows.push({
    title: `pgbench TPC-B-like (ceiling; scale ${concurrency}, ${concurrency} clients), median round`,
    rps: median.pgbench.tps,
    p99: '',
    errors: '',
  });
  const t = median.transfers;
  rows.push({
    title: `ledger transfers through move, each alone (${concurrency} concurrent, ${t.done} moved, ${t.refused} refused; per transfer: ${t.statementsPerTransfer} statements sent, functions/triggers run: ${t.functionsPerTransfer}), median round`,
    rps: t.perSecond,
    p99: '',
    errors: t.refused,
    cpu: t.cpu,
  });
  const w = median.wrapped;
  rows.push({
    title: `the same transfers each inside db.transaction, as the app's callers post them with their other writes (${w.statementsPerTransfer} statements sent: BEGIN, ledger_post, COMMIT), same round`,
    rps: w.perSecond,
    p99: '',
    errors: w.refused,
    cpu: w.cpu,
  });
  rows.push({
    title: `ledger ÷ pgbench: ${percent(median.ratio)} (rounds of ${seconds}s each, each turn after autovacuum settled: ${rounds.map((r) => percent(r.ratio)).join(', ')})`,
    rps: '',
    p99: '',
    errors: '',
  });
  return median.transfers.perSecond;
}

/** Sign-up answer times for fresh and for taken addresses, alternating; the two medians should match. */
async function signUpTiming() {
  for (const r of await registrationTiming(APP, 'demo@coincard.test')) {
    rows.push({
      title: `POST /api/auth/register, ${r.label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (100 sequential)`,
      rps: '',
      p99: '',
      errors: '',
    });
  }
}

/**
 * The job engine, on the server's own workers: a burst of 5,000 jobs (throughput, and the wait behind a backlog),
 * then a paced stream of 500 at 100 a second (the time to start when workers are free: the NOTIFY wake-up).
 */
async function jobEngine() {
  const dbUrlText = dbUrl.toString();
  const burst = await jobThroughput({ dbUrl: dbUrlText, sessionSecret: SESSION_SECRET });
  rows.push({
    title: `job engine, burst: ${burst.delivered} of ${burst.total} mail jobs done, ${burst.perSecond} jobs/s; enqueue to start p50 ${burst.p50} ms, p99 ${burst.p99} ms (20 batches of 250, 100 ms apart)`,
    rps: burst.perSecond,
    p99: burst.p99,
    errors: burst.total - burst.delivered,
  });
  const paced = await jobThroughput({
    dbUrl: dbUrlText,
    sessionSecret: SESSION_SECRET,
    batches: 100,
    batchSize: 5,
    gapMs: 50,
  });
  rows.push({
    title: `job engine, paced: ${paced.delivered} of ${paced.total} done; enqueue to start p50 ${paced.p50} ms, p99 ${paced.p99} ms (5 jobs every 50 ms)`,
    rps: paced.perSecond,
    p99: paced.p99,
    errors: paced.total - paced.delivered,
  });
}

async function throughput() {
  const cookie = await signIn();
  await jobEngine();
  await signUpTiming();
  await authenticatedRead(cookie);

  // Webhook crediting: each request settles one fresh deposit in the sandbox and credits it over the signed
  // webhook path (checkout outcome → signed webhook → info call → ledger), so one request is one credit.
  const pending = [];
  for (let i = 0; i < 400; i += 1) {
    const response = await fetch(`${APP}/api/transactions`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ currency: 'USDT', network: 'TRON', amountInUsd: 1000 }),
    });
    const deposit = await response.json();
    if (deposit.paymentUrl) pending.push(deposit.paymentUrl.split('/').pop());
  }
  let next = 0;
  const started = Date.now();
  const credit = await run('webhook crediting (checkout → webhook → ledger)', {
    url: APP,
    connections: 10,
    amount: pending.length,
    requests: [
      {
        method: 'POST',
        headers: json,
        setupRequest: (request) => ({
          ...request,
          path: `/sandbox/payments/checkout/${pending[next++ % pending.length]}/outcome`,
          body: JSON.stringify({ outcome: 'paid' }),
        }),
      },
    ],
  });
  credit.creditsPerSecond = Math.round((pending.length / (Date.now() - started)) * 1000);
  rows.push(credit);

  const me = await (await fetch(`${APP}/api/user`, { headers: { cookie } })).json();
  rows.push({
    title: `balance after crediting: ${me.balance} cents (${pending.length} × $10 expected)`,
    rps: '',
    p99: '',
    errors: '',
  });

  await cardLoads();
  rows.push({
    title: `ledger invariants after all of it: ${await ledgerInvariants(benchDb)}`,
    rps: '',
    p99: '',
    errors: '',
  });
}

/**
 * Mixed signed-in traffic for SOAK_MINUTES: the dashboard's reads (user, top-ups, cards), card loads and unloads of
 * ten people, at 20 connections, with the server's resident memory sampled each minute. Flat is the goal: a leak
 * grows with the requests served.
 */
async function soak() {
  const people = [];
  for (let i = 0; i < 10; i += 1) {
    const user = await verifiedUser(APP, i);
    await topUp(APP, user, 1_000_000);
    people.push({ ...user, cardId: await cardFor(APP, user) });
  }
  const requestsOf = (person) => [
    { method: 'GET', path: '/api/user', headers: { cookie: person.cookie } },
    { method: 'GET', path: '/api/transactions', headers: { cookie: person.cookie } },
    { method: 'GET', path: '/api/cards', headers: { cookie: person.cookie } },
    {
      method: 'PATCH',
      path: `/api/cards/${person.cardId}/load`,
      headers: { ...json, cookie: person.cookie },
      body: JSON.stringify({ amount: 100 }),
    },
    { method: 'GET', path: `/api/cards/${person.cardId}`, headers: { cookie: person.cookie } },
  ];
  const samples = [{ minute: 0, mib: residentMiB(server.pid) }];
  let served = 0;
  let failed = 0;
  for (let minute = 1; minute <= SOAK_MINUTES; minute += 1) {
    let next = 0;
    const result = await run('soak minute', {
      url: APP,
      connections: 20,
      duration: 60,
      setupClient(client) {
        client.setRequests(requestsOf(people[next++ % people.length]));
      },
    });
    served += result.rps * 60;
    failed += result.errors;
    samples.push({ minute, mib: residentMiB(server.pid) });
    console.log(`soak minute ${minute}: ${result.rps} req/s, ${samples.at(-1).mib} MiB`);
  }
  const mibs = samples.map((s) => s.mib);
  rows.push({
    title: `soak, ${SOAK_MINUTES} min of mixed signed-in traffic (user, top-ups, cards, card loads; 20 connections): ${served} requests (${failed} refused: loads past the $200 a day a session may load without a step-up); resident memory by minute: ${mibs.join(', ')} MiB (min ${Math.min(...mibs.slice(1))}, max ${Math.max(...mibs.slice(1))} after the first minute)`,
    rps: '',
    p99: '',
    errors: failed,
  });
}

/** The statements the server ran since the last ask, by text, request path and background apart (BENCH_STATEMENTS=1). */
function statementTexts() {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve(message.texts));
    server.send('statement-texts');
  });
}

/** Per load: each statement's count from the load run and its settling, written beside the results. */
async function writeStatementTexts(loads) {
  const texts = await statementTexts();
  const completed = await benchDb.query("select count(*)::int as n from card_operations where kind = 'fund'");
  const per = Math.max(completed.rows[0].n, 1);
  const total = (place) => texts.filter(([key]) => key.startsWith(place)).reduce((sum, [, n]) => sum + n, 0);
  const lines = [
    `${per} loads (${loads.rps}/s); statements per load: request path ${(total('request') / per).toFixed(1)}, background ${(total('background') / per).toFixed(1)}`,
    '',
    ...texts.map(([key, n]) => `${(n / per).toFixed(2).padStart(7)}  ${key}`),
  ];
  writeFileSync(join('bench/results', 'cards-statements.txt'), `${lines.join('\n')}\n`);
}

/** Card loads: 50 people, each loading their own card at once (one connection per person), beside the ledger's rate. */
async function cardLoads() {
  // A load's background half (issuer call, webhook, settlement) runs in this process too: from here on the counter
  // tells the request path's statements apart.
  await splitRequestPath();
  // Card loads: 50 people, each loading their own card at once (one connection per person).
  const people = [];
  for (let batch = 0; batch < 5; batch += 1) {
    people.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const user = await verifiedUser(APP, batch * 10 + i);
          await topUp(APP, user, 100_000);
          return { ...user, cardId: await cardFor(APP, user) };
        }),
      )),
    );
  }
  let nextPerson = 0;
  // The ledger's own rate, measured first: the card loads are judged against it. BENCH_LEDGER_RATE=<n> skips it
  // (quicker runs while working on the loads; the ratio then uses that figure).
  const ledgerRate = process.env.BENCH_LEDGER_RATE
    ? Number(process.env.BENCH_LEDGER_RATE)
    : await ledgerAgainstPgbench();
  if (STATEMENTS) await statementTexts();
  const issuerBefore = issuer ? cpuSnapshot(issuer.pid, [issuerDb]) : null;
  const loads = await run(
    'PATCH /api/cards/{id}/load (50 users, own cards)',
    {
      url: APP,
      connections: people.length,
      setupClient(client) {
        const person = people[nextPerson++ % people.length];
        // Every request of this connection is this person's load (setRequest would change only the first).
        client.setRequests([
          {
            method: 'PATCH',
            path: `/api/cards/${person.cardId}/load`,
            headers: { ...json, cookie: person.cookie },
            body: JSON.stringify({ amount: 100 }),
          },
        ]);
      },
    },
    server.pid,
  );
  if (issuer) {
    const apart = cpuPerRequest(issuerBefore, cpuSnapshot(issuer.pid, [issuerDb]), Math.max(loads.rps * DURATION, 1));
    loads.title += `; sandbox issuer apart (own process and database), its CPU per load during the run: process ${apart?.server} µs, its PostgreSQL ${apart?.postgres} µs`;
  }
  rows.push(loads);
  rows.push({
    title: `card loads ÷ ledger transfers (each alone): ${percent(loads.rps / ledgerRate)} (${loads.rps} loads/s against ${ledgerRate} transfers/s, the ledger's median round above)`,
    rps: '',
    p99: '',
    errors: '',
  });
  // Each accepted load then travels: issuer completion, its webhook, the settlement. Wait for all of it to land.
  const settleStarted = Date.now();
  for (let i = 0; i < 300; i += 1) {
    const moving = await benchDb.query(
      "select count(*)::int as n from card_operations where status in ('pending', 'submitted')",
    );
    if (moving.rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const settledAfter = Math.round((Date.now() - settleStarted) / 1000);
  if (STATEMENTS) await writeStatementTexts(loads);
  const movements = await benchDb.query(
    "select status, count(*)::int as n from card_operations where kind = 'fund' group by status order by status",
  );
  rows.push({
    title: `card loads: ${movements.rows.map((r) => `${r.n} ${r.status}`).join(', ')}, all settled ${settledAfter}s after the run (issuer completion + webhook); ledger invariants: ${await ledgerInvariants(benchDb)}`,
    rps: '',
    p99: '',
    errors: '',
  });
}

// CPU per request is the steadier figure on a shared machine: requests per second follow whatever else runs.
const header = `| Scenario | req/s | p99 ms | errors | server CPU µs/req | PostgreSQL CPU µs/req | SQL statements/req (request path) |\n|---|---:|---:|---:|---:|---:|---:|`;
const table = [
  header,
  ...rows.map(
    (r) =>
      `| ${r.title}${r.creditsPerSecond ? ` (${r.creditsPerSecond} credits/s)` : ''} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.cpu?.server ?? ''} | ${r.cpu?.postgres ?? ''} | ${r.queries ?? ''} |`,
  ),
].join('\n');
mkdirSync('bench/results', { recursive: true });
const scaleTable = [
  '| Admin read (100,000 users, 300,000 cards, 1,000,000 top-ups, 500,000 audit entries) | p50 ms | p95 ms |',
  '|---|---:|---:|',
  ...scale.rows.map((r) => `| ${r.title} | ${r.p50} | ${r.p95} |`),
].join('\n');
const scaleText =
  READ_ONLY || SIGNUP_ONLY || JOBS_ONLY || LEDGER_ONLY || CARDS_ONLY || SOAK_ONLY
    ? ''
    : `\n\nAdmin data set generated in SQL in ${scale.seconds}s; each read timed over ${ADMIN_RUNS} sequential requests.\n\n${scaleTable}`;
const text = `# Benchmark ${new Date().toISOString()}${process.env.BENCH_ONLY ? ` (BENCH_ONLY=${process.env.BENCH_ONLY})` : ''}\n\n${CONNECTIONS} connections, ${DURATION}s per scenario, PostgreSQL, 2 cores, pool ${POOL_SIZE}.\n\n${table}${scaleText}\n`;
// One file per kind of run, rewritten each time (git keeps the history): latest.md for a whole run.
writeFileSync(join('bench/results', `${process.env.BENCH_ONLY ?? 'latest'}.md`), text);
console.log(text);
