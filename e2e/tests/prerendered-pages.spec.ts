import type { Page } from '@playwright/test';
import { DEMO_USER, expect, login, test } from '../fixtures';

// The landing and guest pages prerendered to HTML at build time and hydrated (docs/decisions/022-fast-first-load.md):
// the page is on screen before any JavaScript runs, the code adopts it without a difference, and the colour scheme
// is right from the first frame.

const PRERENDERED = [
  { path: '/login', button: 'Sign in' },
  { path: '/signup', button: 'Create account' },
  { path: '/password/forgot', button: 'Reset Password' },
];

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
  });
  return problems;
}

test('with JavaScript off, the landing page is already on screen from its HTML', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Spend your crypto with a virtual USD card' }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screens/prerendered-landing-no-js-390.png' });
  await context.close();
});

test('with JavaScript off, each guest page is already on screen, styled, from its HTML', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const { path, button } of PRERENDERED) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: button, exact: true }).first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    // Styled by the page's CSS in the light scheme (the page's default when no script can run): a bordered field.
    const email = page.getByRole('textbox', { name: 'Email' });
    expect(await email.evaluate((input) => getComputedStyle(input).borderTopWidth)).not.toBe('0px');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.screenshot({ path: `e2e/artifacts/screens/prerendered${path.replaceAll('/', '-')}-no-js-390.png` });
  }
  await context.close();
});

test('a dark-scheme visitor gets a dark page before the app code runs', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  // Only the HTML, its CSS and its one inline script: every script file is held back.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: 'e2e/artifacts/screens/prerendered-login-dark-before-code.png' });
  await context.close();
});

test('the prerendered pages hydrate without a console warning, and the login form signs in', async ({ page }) => {
  const problems = consoleProblems(page);
  for (const { path } of [{ path: '/' }, ...PRERENDERED]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Typed after hydration, the form works as the one JavaScript renders.
  await login(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A signed-in visitor gets the page JavaScript renders, and the guard takes them on to their dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the served page holds the form; with a query or the session marker it is the page JavaScript renders', async ({
  request,
}) => {
  const bare = await (await request.get('/login')).text();
  expect(bare).toContain('<form');
  expect(bare).not.toContain('rel="modulepreload" crossorigin href="/assets/guest-area-');
  const withQuery = await (await request.get('/login?redirectUrl=%2Fdashboard')).text();
  expect(withQuery).toContain('<div id="root"></div>');
  const signedIn = await (await request.get('/login', { headers: { cookie: 'signedIn=1' } })).text();
  expect(signedIn).toContain('<div id="root"></div>');
});

test('a prerendered field takes typing only once the code owns it, so nothing typed is lost', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The guest pages' code is held back: the page is on screen from its HTML alone.
  await page.route(/\/assets\/guest-area-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeVisible();
  await expect(email).not.toBeEditable();
  release();
  await expect(email).toBeEditable();
  await email.fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await expect(email).toHaveValue(DEMO_USER.email);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
});
