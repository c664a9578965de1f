import type { Locator } from '@playwright/test';
import {
  codeIn,
  expect,
  linkIn,
  login,
  loginAsAdmin,
  newUser,
  PASSWORD,
  returnToTab,
  test,
  uniqueEmail,
  waitForMail,
  waitForTopUpStatus,
} from '../fixtures';
import { expectAxeClean, SCREENS, shoot } from '../screens';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectNotOver(toast: Locator, bar: Locator) {
  const toastBox = await toast.boundingBox();
  const barBox = await bar.boundingBox();
  expect(toastBox && barBox).toBeTruthy();
  if (toastBox && barBox) expect(overlaps(toastBox, barBox), 'the toast covers the top bar').toBe(false);
}

test('guest pages load without a single console error (a guest is not an error)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ['/', '/login', '/signup', '/password/forgot']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});

test('Add Funds by keyboard, then paid in the checkout tab: step 3 follows the deposit', async ({ page }) => {
  // Screenshots, axe and a job crediting the payment: room for a loaded machine.
  test.setTimeout(180_000);
  await newUser(page, 'polish-funds');
  await page.getByRole('button', { name: 'Add Money' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds' });
  await expect(dialog.getByRole('textbox', { name: 'Search cryptocurrencies' })).toBeFocused();
  await shoot(page, '90-add-funds-1-coin', { scope: '[role="dialog"]' });

  // Keyboard only: Tab to the first coin (USDT), Enter, and focus is on the next step's first field.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: /^USDT/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Network' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Amount (USD)' })).toBeFocused();
  await page.keyboard.type('50');
  await expect(dialog.getByText(/1 USDT = \$1\.\d+ USD/)).toBeVisible();
  await shoot(page, '90-add-funds-2-amount', { scope: '[role="dialog"]' });
  await page.keyboard.press('Enter');

  const summary = dialog.getByLabel('Payment summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByText('Pending')).toBeVisible();
  // The modal holds no second banner beside the top bar's (axe landmark rules over the whole page).
  await expectAxeClean(page, 'Add Funds step 3 over the dashboard');
  await shoot(page, '90-add-funds-3-pending', { scope: '[role="dialog"]' });

  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('link', { name: /Pay Now/ }).click(),
  ]);
  await checkout.getByRole('button', { name: /^Paid · / }).click();
  await expect(checkout.getByRole('status')).toContainText('Payment received');
  await checkout.close();
  // The server credits it (webhook, then a job); back on this tab the modal reads it at once, whatever the poll's wait.
  await waitForTopUpStatus(page.request, 'PAID');
  await returnToTab(page);

  await expect(summary.getByText('Paid', { exact: true })).toBeVisible();
  await expect(dialog.getByText('$50.00 was added to your balance.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Pay Now/ })).toHaveCount(0);
  await shoot(page, '90-add-funds-4-paid', { scope: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('$50.00').first()).toBeVisible();
});

test('toasts stay clear of the top bar, on a phone and on a laptop', async ({ page }) => {
  await newUser(page, 'polish-toast');
  await page.goto('/profile-settings');
  const toast = page.locator('.mantine-Notification-root').first();
  const topBar = page.getByRole('banner');

  // On a phone: the e-mail change's "Code sent".
  await page.setViewportSize({ width: 390, height: 844 });
  const emailSection = page.getByRole('region', { name: 'Email' });
  await emailSection.getByRole('textbox', { name: 'New email' }).fill(uniqueEmail('polish-toast-new'));
  await emailSection.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await emailSection.getByRole('button', { name: 'Send OTP' }).click();
  await expect(toast).toBeVisible();
  await expectNotOver(toast, topBar);
  await page.screenshot({ path: `${SCREENS}90-toast-390.png` });
  await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0, { timeout: 8000 });

  // On a laptop: turning two-factor on.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('switch', { name: 'Require an e-mailed code at sign-in' }).click();
  await expect(toast).toBeVisible();
  await expectNotOver(toast, topBar);
  await expectNotOver(toast, page.getByRole('button', { name: /Account menu/ }));
  await page.screenshot({ path: `${SCREENS}90-toast-1440.png` });
});

test('a wrong current password is marked on its field, not in a toast', async ({ page }) => {
  await newUser(page, 'polish-wrong');
  await page.goto('/profile-settings');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByRole('textbox', { name: 'Current password' }).fill('Not-My-Password-1');
  await section.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-Sturdy-Pass-7');
  await section.getByRole('textbox', { name: 'Confirm new password' }).fill('Another-Sturdy-Pass-7');
  await section.getByRole('button', { name: 'Change Password' }).click();
  const current = section.getByRole('textbox', { name: 'Current password' });
  await expect(current).toHaveAccessibleDescription('Your current password is incorrect.');
  await expect(current).toBeFocused();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await current.blur();
  await shoot(page, '90-profile-wrong-password');
});

test('the 2FA step resends the code after a short wait, and the new code signs in', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newUser(page, 'polish-2fa');
  await page.goto('/profile-settings');
  await page.getByRole('switch', { name: 'Require an e-mailed code at sign-in' }).click();
  await expect(page.getByRole('region', { name: /Two-Factor Authentication/ }).getByText('Active')).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Enter 2FA Verification Code' })).toBeVisible();
  const resend = page.getByRole('button', { name: /^Resend code/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend code in \d+ s$/);
  await shoot(page, '90-2fa-resend-waiting');

  await expect(resend).toBeEnabled({ timeout: 35_000 });
  const askedAt = new Date(Date.now() - 1000);
  await resend.click();
  await expect(page.getByText('A new code is on its way. Only the newest code works.')).toBeVisible();
  const code = codeIn(await waitForMail(page, email, 'Your sign-in code', askedAt));
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password gives way to Check your inbox; a used reset link offers a real link to a new one', async ({
  page,
}) => {
  const email = uniqueEmail('polish-reset');
  const registeredAt = new Date(Date.now() - 1000);
  await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, confirmPassword: PASSWORD } });
  await waitForMail(page, email, 'Verify your e-mail', registeredAt);

  await page.goto('/password/forgot');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const askedAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Email sent! Check your inbox for further instructions.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Send the link again in \d+ s$/ })).toBeDisabled();
  await shoot(page, '90-forgot-password-sent');

  const link = linkIn(
    await waitForMail(page, email, 'Reset your password', askedAt),
    /http:\/\/\S+\/password\/reset\?\S+/,
  );
  const path = new URL(link).pathname + new URL(link).search;
  await page.goto(path);
  await page.getByRole('textbox', { name: 'New password' }).fill('Fresh-Sturdy-Pass-8');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();

  // The same link again: used, though not yet past its time.
  await page.goto(path);
  await page.getByRole('textbox', { name: 'New password' }).fill('Another-Sturdy-Pass-9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  const requestNew = page.getByRole('link', { name: 'Request a new link' });
  await expect(requestNew).toHaveAttribute('href', '/password/forgot');
  await shoot(page, '90-reset-link-used');
  await requestNew.click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
});

test('sign-up says a too-common password once, on the field', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('polish-common'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Password123!');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Password123!');
  await page.getByRole('button', { name: 'Create account' }).click();
  const message = page.getByText('This password is too common. Choose one that is harder to guess.');
  await expect(message).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Password', exact: true }).blur();
  await shoot(page, '90-signup-common-password');
});

test('the inactive referral link is not in the page to be copied by hand', async ({ page }) => {
  await newUser(page, 'polish-referral');
  const me = (await (await page.request.get('/api/user')).json()) as { _id: string };
  await page.goto('/referral-program');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeDisabled();
  expect(await page.content()).not.toContain(me._id);
  // On the narrowest phone the stand-in wraps instead of being cut off after the origin.
  await page.setViewportSize({ width: 320, height: 844 });
  const standIn = page.getByText('/signup?ref=');
  await expect(standIn).toBeVisible();
  expect(await standIn.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, '90-referral-link-inactive');
});

test('an administrator reaches their own Profile Settings, where the last second factor is kept on', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeAttached();
  // Their only second factor is not offered as a switch that would fail: the page says it stays on, and why.
  await expect(page.getByRole('switch', { name: 'Require an e-mailed code at sign-in' })).toHaveCount(0);
  await expect(page.getByText('An e-mailed code is required at every sign-in.')).toBeVisible();
  await expect(page.getByText(/Administrators always keep a second factor/).first()).toBeVisible();
  await shoot(page, '90-admin-profile-settings');
});
