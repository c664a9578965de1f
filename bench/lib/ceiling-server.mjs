// The ceilings of the authenticated read, in their own process as the app is in its own: a bare Fastify route and a
// Fastify route doing one primary-key SELECT through `pg` with the server's pool size. Run in the benchmark's own
// process they would share its event loop with autocannon and look slower than they are, flattering the ratio.
// Usage: node bench/lib/ceiling-server.mjs <port> <database url> <pool size> <user id>
import Fastify from 'fastify';
import pg from 'pg';

const [port, dbUrl, poolSize, userId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: dbUrl, max: Number(poolSize) });
const app = Fastify();
app.get('/bare', async () => ({ ok: true }));
app.get('/one', async () => {
  const { rows } = await pool.query('select id, email, role from users where id = $1', [userId]);
  return rows[0];
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
