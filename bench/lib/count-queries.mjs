// Loaded into the server with --import when the bench runs it: counts the SQL statements sent while handling HTTP
// requests (the request path), apart from those of background work (jobs, schedules), and answers the count over
// the IPC channel. An AsyncLocalStorage entered for each incoming request tells the two apart.
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import pg from 'pg';

const inRequest = new AsyncLocalStorage();
let requestPath = 0;
let background = 0;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function withRequestContext(event, ...args) {
  if (event === 'request') return inRequest.run(true, () => emit.call(this, event, ...args));
  return emit.call(this, event, ...args);
};

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(...args) {
  if (inRequest.getStore()) requestPath += 1;
  else background += 1;
  return query.apply(this, args);
};

process.on('message', (message) => {
  if (message === 'query-counts') process.send?.({ requestPath, background });
});
