import type { Page } from '@playwright/test';
import { capture, expect, expectNoSeriousA11yProblems, newUser, payTopUp, test } from '../fixtures';

const ARTIFACTS = new URL('../artifacts/screens/', import.meta.url).pathname;
const WIDTHS = [1440, 390, 320] as const;

/** Screenshots at the three widths the product is checked at, each checked with axe. */
async function snapWidths(page: Page, name: string, reopen?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 760 });
    await reopen?.();
    await capture(page, { path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
    await expectNoSeriousA11yProblems(page, `${name} at ${width}px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} overflows sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
}

const bell = (page: Page) => page.getByTestId('alert-bell');
const alertList = (page: Page) => page.getByRole('list', { name: 'Alerts, newest first' });

test('an alert arrives live under the bell, opens where it leads, and e-mail choices are kept', async ({ page }) => {
  test.setTimeout(120_000);
  await newUser(page, 'alerts');
  await expect(bell(page)).toHaveAccessibleName('Alerts');
  await bell(page).click();
  await expect(page.getByRole('heading', { name: 'No alerts yet' })).toBeVisible();
  await snapWidths(page, '70-alerts-1-empty', async () => {
    if (!(await page.getByRole('heading', { name: 'No alerts yet' }).isVisible())) await bell(page).click();
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'No alerts yet' })).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });

  // Paid elsewhere: the page is not reloaded, and the unread-count poll (a minute apart) is only the fallback.
  await payTopUp(page.request, 4200);
  await expect(bell(page)).toHaveAccessibleName('Alerts, 1 unread', { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Available Balance' }).getByText('$42.00')).toBeVisible();

  // Keyboard: open the list from the bell, reach the alert, open it.
  await bell(page).focus();
  await page.keyboard.press('Enter');
  const item = alertList(page).getByRole('button', { name: 'Unread: Top-up credited: $42.00' });
  await expect(item).toBeVisible();
  await snapWidths(page, '70-alerts-2-list', async () => {
    if (!(await alertList(page).isVisible())) await bell(page).click();
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  if (!(await alertList(page).isVisible())) await bell(page).click();
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(bell(page)).toHaveAccessibleName('Alerts');

  // Profile Settings: purchases by e-mail on; security alerts cannot be turned off.
  await page.goto('/profile-settings');
  const section = page.getByRole('region', { name: 'E-mail alerts' });
  const purchases = section.getByRole('switch', { name: /Card purchases/ });
  await expect(purchases).not.toBeChecked();
  await expect(section.getByRole('switch', { name: /Sign-ins from a new device/ })).toBeDisabled();
  await purchases.focus();
  await page.keyboard.press('Space');
  await expect(purchases).toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await snapWidths(page, '70-alerts-3-email-choices');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'E-mail alerts' }).getByRole('switch', { name: /Card purchases/ }),
  ).toBeChecked();
});
