// The sandbox card issuer in a process and a database of its own (BENCH_ISSUER=apart): the app then talks to it as
// to a real issuer (CARD_ISSUER=bridgecard), so the issuer's own work (its HTTP handling, its books, its webhooks
// out) is neither in the server's CPU nor in the PostgreSQL CPU the bench counts for the app's database.
// Usage (forked by bench/run.mjs): node bench/lib/sandbox-issuer.mjs <port> <database url> <session secret> <app url>
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { openDatabase } from '../../apps/api/dist/db/client.js';
import { createSealedBox } from '../../apps/api/dist/lib/sealed-box.js';
import { sandboxIssuerCredentials } from '../../apps/api/dist/providers/issuing/index.js';
import { createSandboxBooks } from '../../apps/api/dist/providers/issuing/sandbox-books.js';
import { registerSandboxIssuerServer } from '../../apps/api/dist/providers/issuing/sandbox-server.js';

const [port, url, sessionSecret, appUrl] = process.argv.slice(2);
const { db } = await openDatabase({ url, poolSize: 10 });
const credentials = sandboxIssuerCredentials(sessionSecret);
const logger = { warn: (obj, msg) => console.warn(msg, obj) };
const books = createSandboxBooks({
  db,
  now: () => new Date(),
  logger,
  secretKey: credentials.secretKey,
  webhookSecret: credentials.webhookSecret,
  box: createSealedBox([randomBytes(32).toString('hex')], 'sandbox-issuer'),
  windowSeconds: 0,
  settleMs: Number(process.env.SANDBOX_ISSUER_SETTLE_MS ?? 200),
  webhookUrl: () => `${appUrl}/api/webhooks/issuing`,
  authorizationSecret: credentials.authorizationSecret,
  authorizationUrl: () => `${appUrl}/api/issuing/authorizations`,
  appUrl,
});
const app = Fastify({ logger: false });
registerSandboxIssuerServer(app, { books, accessToken: credentials.accessToken });
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => {
  app.close().finally(() => process.exit(0));
});
