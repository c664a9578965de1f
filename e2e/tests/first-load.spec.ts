import { DEMO_USER, expect, login, test } from '../fixtures';

// How the built app reaches a browser (docs/decisions/022-fast-first-load.md): the web build's compressed copies,
// cache headers, the font preload and the route pages, checked on the real build and server rather than on fixtures.

const BROTLI = { 'accept-encoding': 'gzip, deflate, br' };
const linksIn = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((match) => match[1] ?? '');

test('the landing page is revalidated, and what it names is compressed and cached for a year', async ({ request }) => {
  const page = await request.get('/', { headers: BROTLI });
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const script = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1] ?? '';
  const files = [script, ...linksIn(html, 'stylesheet'), ...linksIn(html, 'modulepreload')];
  expect(files.length).toBeGreaterThanOrEqual(3);
  for (const file of files) {
    const response = await request.get(file, { headers: BROTLI });
    expect(response.status(), file).toBe(200);
    // The build compresses files of 1 kB and more (apps/web/build-plugins/precompress.ts): Rolldown's runtime
    // chunk (helpers the other chunks share, under 1 kB) goes as it is, where brotli would save less than a packet.
    const size = (await response.body()).length;
    expect(response.headers()['content-encoding'], file).toBe(size >= 1024 ? 'br' : undefined);
    expect(response.headers()['cache-control'], file).toBe('public, max-age=31536000, immutable');
    expect(response.headers().vary, file).toBe('Accept-Encoding');
  }
  const [font] = linksIn(html, 'preload');
  expect(font).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  expect((await request.get(font ?? '')).headers()['content-type']).toBe('font/woff2');
});

test("/login's page preloads the guest pages' code, which the landing page does not load", async ({ request }) => {
  const landing = await (await request.get('/')).text();
  const login = await (await request.get('/login?redirectUrl=%2Fdashboard')).text();
  const guestArea = linksIn(login, 'modulepreload').find((file) => file.includes('/guest-area-'));
  expect(guestArea).toBeDefined();
  expect(landing).not.toContain('guest-area-');
  for (const file of [...linksIn(login, 'modulepreload'), ...linksIn(login, 'preload')]) {
    expect((await request.get(file)).status(), file).toBe(200);
  }
});

test('a hashed file that does not exist is a 404, not the page', async ({ request }) => {
  expect((await request.get('/assets/index-gone1234.js')).status()).toBe(404);
});

test('the signed-in dashboard and card page start without zod: answers are checked only in development', async ({
  page,
}) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  const anyHasZod = async () => {
    for (const url of scripts) if ((await (await page.request.get(url)).text()).includes('$ZodType')) return true;
    return false;
  };
  await login(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Available Balance' })).toBeVisible();
  await page.getByRole('link', { name: /Subscriptions/ }).click();
  await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}$/);
  // Opened afresh too, as a link from an alert mail would open it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Transaction History' })).toBeVisible();

  expect(scripts.size).toBeGreaterThan(3);
  expect(await anyHasZod()).toBe(false);
  // The same build does carry zod, for the pages that check a form with the shared contract.
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await anyHasZod()).toBe(true);
});
