import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { capture, DEMO_USER, expect, expectNoSeriousA11yProblems, login, test } from '../fixtures';

const SCREENS = fileURLToPath(new URL('../artifacts/screens/', import.meta.url));

const inAnHour = () => Date.now() + 60 * 60_000;

/** Every page a signed-out visitor can open (docs/product-rules.md, Screens and navigation), plus the legal pages. */
const PUBLIC_PAGES = [
  ['landing', '/'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['forgot-password', '/password/forgot'],
  ['reset-password', () => `/password/reset?code=abcdefghijklmnopqrstuvwxyz012345&exp=${inAnHour()}`],
  ['reset-password-expired', '/password/reset?code=abcdefghijklmnopqrstuvwxyz012345&exp=1'],
  ['verify-email', '/email/verify/not-a-real-code-not-a-real-code'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['about', '/about'],
  ['faq', '/faq'],
  ['support', '/support'],
] as const;

const pathOf = (path: string | (() => string)) => (typeof path === 'function' ? path() : path);

async function openSettled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

test('the legal pages open from the landing footer and from the sign-up screen', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText(/Last updated: \d{1,2} \w+ \d{4}/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Fees and limits' }).click();
  await expect(page).toHaveURL(/\/terms#fees$/);
  await expect(page.getByRole('heading', { name: '7. Fees and limits' })).toBeInViewport();

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  await page.goto('/signup');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('no public page scrolls sideways at 320px, and the landing menu button stays on screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 720 });
  for (const [name, path] of PUBLIC_PAGES) {
    await openSettled(page, pathOf(path));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${name} is ${scrollWidth}px wide at 320px`).toBeLessThanOrEqual(innerWidth);
  }
  await openSettled(page, '/');
  const menu = await page.getByRole('button', { name: 'Open section menu' }).boundingBox();
  expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual(320);
});

test('the landing coin chips show logos, not letters', async ({ page }) => {
  await page.goto('/');
  const chips = page.getByRole('list', { name: /Deposit with/ }).getByRole('listitem');
  // The logos are a chunk of their own, loaded after the first paint (docs/decisions/022-fast-first-load.md).
  await expect(chips.filter({ hasText: 'USDT' }).locator('svg')).toBeVisible();
  const withLogo = await chips.evaluateAll((items) => items.filter((item) => item.querySelector('svg, img')).length);
  const total = await chips.count();
  expect(total).toBeGreaterThanOrEqual(15);
  // One coin (HMSTR) is missing from the icon package and keeps its lettered badge, as in Add Money.
  expect(withLogo).toBe(total - 1);
  await expect(chips.filter({ hasText: 'USDT' }).locator('svg')).toBeVisible();
});

test('every public page passes axe in the light and the dark scheme', async ({ page }) => {
  test.setTimeout(180_000);
  for (const [name, path] of PUBLIC_PAGES) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openSettled(page, pathOf(path));
      await expectNoSeriousA11yProblems(page, `${name} (${colorScheme})`, { coloursOnly: colorScheme === 'dark' });
    }
  }
});

test('screenshots at 320, 390 and 1440px: landing, terms, privacy, and the demo dashboard in dark', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const widths = [320, 390, 1440];
  for (const [name, path] of [
    ['60-landing', '/'],
    ['61-terms', '/terms'],
    ['62-privacy', '/privacy'],
  ] as const) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await openSettled(page, path);
      await capture(page, { path: `${SCREENS}${name}-${width}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Subscriptions', { exact: true })).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(200);
    await capture(page, { path: `${SCREENS}63-demo-dashboard-dark-${width}.png`, fullPage: true });
  }
  await expectNoSeriousA11yProblems(page, 'demo dashboard (dark)');
});
