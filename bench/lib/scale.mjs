// The admin console at scale: 100,000 users, 300,000 cards and 1,000,000 top-ups generated in SQL, then the p95 of the
// admin's reads, each measured over sequential requests (the latency of the query, not of a queue).

/**
 * Generates the data set. The counters the dashboard reads are rebuilt once afterwards with the same statements the
 * migration uses, instead of firing their triggers 1.4 million times.
 */
export async function seedScale(
  client,
  { users = 100_000, cards = 300_000, deposits = 1_000_000, auditEntries = 500_000 } = {},
) {
  const started = Date.now();
  await client.query('alter table users disable trigger users_counted');
  await client.query('alter table cards disable trigger cards_counted');
  await client.query('alter table deposits disable trigger deposits_counted');
  await client.query(`
    insert into users (id, email, password_hash, role, verified, created_at, updated_at)
    select gen_random_uuid(), 'scale-' || g || '@scale.example', 'x', 'user', true,
      now() - random() * interval '365 days', now()
    from generate_series(1, ${users}) g`);
  await client.query(`
    create temporary table scale_users as
      select id, row_number() over (order by id) as n from users where email like 'scale-%'`);
  await client.query('create index on scale_users (n)');
  await client.query(`
    insert into cards (id, user_id, issuer, name, status, frozen_reason, last4, next_fee_due_at, created_at, updated_at)
    select gen_random_uuid(), u.id, 'sandbox', 'Card ' || g,
      case when g % 10 = 0 then 'terminated' when g % 7 = 0 then 'frozen' else 'active' end,
      case when g % 10 <> 0 and g % 7 = 0 then 'user' end,
      lpad((g % 10000)::text, 4, '0'), now() + interval '20 days', now() - random() * interval '300 days', now()
    from generate_series(1, ${cards}) g join scale_users u on u.n = (g % ${users}) + 1`);
  await client.query(`
    insert into deposits (id, user_id, order_id, provider, currency, network, amount, amount_paid, credited_amount,
      status, request_hash, created_at, updated_at)
    select gen_random_uuid(), u.id, 'scale-' || g, 'sandbox', 'USDT', 'TRON', 1000 + (g % 50000),
      case when g % 10 < 7 then 1000 + (g % 50000) else 0 end,
      case when g % 10 < 7 then 1000 + (g % 50000) else 0 end,
      case when g % 10 < 6 then 'PAID' when g % 10 = 6 then 'PAID_OVER' when g % 10 < 9 then 'EXPIRED' else 'PENDING' end,
      'x', t, t
    from generate_series(1, ${deposits}) g
    join scale_users u on u.n = (g % ${users}) + 1
    cross join lateral (select now() - random() * interval '365 days' as t) ts`);
  // The audit log: every user signs in now and then, support acts on some of them.
  await client.query(`
    insert into audit_log (id, action, actor_id, target_user_id, ip, details, created_at)
    select gen_random_uuid(), case when g % 20 = 0 then 'admin.user_suspended' else 'auth.login' end, u.id, u.id,
      '10.0.' || (g % 250) || '.' || (g % 200), '{}'::jsonb, now() - random() * interval '365 days'
    from generate_series(1, ${auditEntries}) g join scale_users u on u.n = (g % ${users}) + 1`);
  await client.query('alter table users enable trigger users_counted');
  await client.query('alter table cards enable trigger cards_counted');
  await client.query('alter table deposits enable trigger deposits_counted');
  await client.query('delete from platform_daily_stats');
  await client.query('delete from user_load_totals');
  await client.query(`
    select bump_daily_stats(d, s, n, 0, 0, 0, 0) from (
      select (created_at at time zone 'UTC')::date as d, stats_shard(id) as s, count(*)::int as n
      from users where role = 'user' group by 1, 2) x`);
  await client.query(`
    select bump_daily_stats(d, s, 0, n, 0, 0, 0) from (
      select (created_at at time zone 'UTC')::date as d, stats_shard(user_id) as s, count(*)::int as n
      from cards where status <> 'failed' group by 1, 2) x`);
  await client.query(`
    select bump_daily_stats(d, s, 0, 0, n, 0, 0) from (
      select (created_at at time zone 'UTC')::date as d, stats_shard(user_id) as s, count(*)::int as n
      from deposits group by 1, 2) x`);
  await client.query(`
    select bump_daily_stats(d, s, 0, 0, 0, n, f) from (
      select (updated_at at time zone 'UTC')::date as d, stats_shard(user_id) as s, count(*)::int as n,
        sum(credited_amount)::bigint as f
      from deposits where status in ('PAID', 'PAID_OVER', 'PAID_LESS') group by 1, 2) x`);
  await client.query(`
    insert into user_load_totals (user_id, loaded)
    select user_id, sum(credited_amount) from deposits where status in ('PAID', 'PAID_OVER', 'PAID_LESS')
    group by user_id`);
  // As autovacuum would have by now: statistics for the planner, the visibility map for index-only scans.
  await client.query('vacuum analyze');
  const sample = await client.query(`select id from scale_users where n = ${Math.floor(users / 2)}`);
  return { seconds: Math.round((Date.now() - started) / 1000), sampleUserId: sample.rows[0].id, users, deposits };
}

async function p95(url, headers, runs) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[Math.floor(runs * 0.5)]), p95: Math.round(times[Math.floor(runs * 0.95)]) };
}

/**
 * The admin's reads at scale: each endpoint warmed once, then timed over `runs` sequential requests. The deep pages
 * are the last ones the console offers: page 1,000 of the top-ups, the 500th page of the audit log (its count stops at
 * 10,000), page 2,000 of the dashboard's paid top-ups (offset 10,000) and page 5,000 of 100,000 users.
 */
export async function measureAdmin(app, cookie, { sampleUserId }, runs = 100) {
  const headers = { cookie };
  const endpoints = [
    ['GET /api/admin/stats/dashboard', '/api/admin/stats/dashboard'],
    ['GET /api/admin/stats/user/{id}', `/api/admin/stats/user/${sampleUserId}`],
    ['GET /api/user/all?search=scale-4242', '/api/user/all?search=scale-4242'],
    ['GET /api/transactions/all page 1', '/api/transactions/all?page=1'],
    ['GET /api/transactions/all page 1,000', '/api/transactions/all?page=1000'],
    ['GET /api/transactions/all?search=scale-77 (e-mail)', '/api/transactions/all?search=scale-77'],
    ['GET /api/transactions/all?search=scale (every row)', '/api/transactions/all?search=scale'],
    [
      'GET /api/transactions/all?search=@scale.example page 50',
      '/api/transactions/all?search=%40scale.example&page=50',
    ],
    ['GET /api/transactions/all?search=a (1 character)', '/api/transactions/all?search=a'],
    ['GET /api/transactions/all?search=42 (2 characters)', '/api/transactions/all?search=42'],
    ['GET /api/admin/stats/dashboard?paidPage=2000', '/api/admin/stats/dashboard?paidPage=2000'],
    ['GET /api/admin/audit page 500', '/api/admin/audit?page=500'],
    ['GET /api/admin/audit?action=auth.login page 500', '/api/admin/audit?action=auth.login&page=500'],
    ['GET /api/user/all page 1', '/api/user/all?page=1'],
    ['GET /api/user/all page 5,000', '/api/user/all?page=5000'],
  ];
  const rows = [];
  for (const [title, path] of endpoints) {
    await fetch(`${app}${path}`, { headers });
    rows.push({ title, ...(await p95(`${app}${path}`, headers, runs)) });
  }
  return rows;
}
