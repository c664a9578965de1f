// Loaded into the server with --import when the bench runs it: counts the SQL statements the server sends, and
// answers the counts over the IPC channel. Every statement counts in `all`. Once the bench sends 'split-request-path'
// (before the card loads, whose background half runs in the same process), an AsyncLocalStorage entered for each
// incoming request also tells the request path apart from background work (jobs, schedules). It is off until then:
// on Node 20 an AsyncLocalStorage in use runs a hook on every promise the process makes, which the reads would pay
// for and their ceiling does not (docs/decisions/030-at-the-machines-limits.md, section 3). Statements are counted
// where the app hands them to the driver (Pool#query, or a client it checked out for a transaction): inside the pool,
// a query waiting for a free connection runs in the context of whichever request released one.
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import pg from 'pg';

const inRequest = new AsyncLocalStorage();
const counts = { all: 0, requestPath: 0, background: 0, split: false };
// BENCH_STATEMENTS=1 also tallies each statement's text (request path or background), to see which ones a load runs.
const tallying = process.env.BENCH_STATEMENTS === '1';
const texts = new Map();
const textOf = (query) => {
  const text = typeof query === 'string' ? query : (query?.text ?? String(query?.name ?? '?'));
  return text.replace(/\s+/g, ' ').slice(0, 160);
};
const count = (query) => {
  counts.all += 1;
  if (!counts.split) return;
  const place = inRequest.getStore() ? 'requestPath' : 'background';
  counts[place] += 1;
  if (!tallying) return;
  const key = `${place === 'requestPath' ? 'request' : 'background'} | ${textOf(query)}`;
  texts.set(key, (texts.get(key) ?? 0) + 1);
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function withRequestContext(event, ...args) {
  if (event === 'request' && counts.split) return inRequest.run(true, () => emit.call(this, event, ...args));
  return emit.call(this, event, ...args);
};

const poolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function counted(...args) {
  count(args[0]);
  return poolQuery.apply(this, args);
};

// A client the app checks out itself (connect() without a callback: a transaction) counts its own statements.
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function marked(callback) {
  if (callback) return connect.call(this, callback);
  return connect.call(this).then((client) => {
    client.countedByBench = true;
    const release = client.release;
    client.release = function unmarked(...args) {
      client.countedByBench = false;
      client.release = release;
      return release.apply(this, args);
    };
    return client;
  });
};

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(...args) {
  if (this.countedByBench) count(args[0]);
  return clientQuery.apply(this, args);
};

process.on('message', (message) => {
  if (message === 'split-request-path') counts.split = true;
  if (message === 'query-counts' || message === 'split-request-path') process.send?.({ ...counts });
  if (message === 'statement-texts') {
    process.send?.({ texts: [...texts].sort((a, b) => b[1] - a[1]) });
    texts.clear();
  }
});
