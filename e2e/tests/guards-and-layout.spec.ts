import { DEMO_USER, expect, login, loginAsAdmin, snap, test } from '../fixtures';

test('a signed-out visitor is sent to login with redirectUrl, and lands there after signing in', async ({ page }) => {
  await page.goto('/profile-settings');
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fprofile-settings$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: /^(log in|sign in|login)$/i }).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
});

test('roles: a user opening an admin page goes to the dashboard; guests-only pages send users on; an unknown path is a 404 that knows who is signed in', async ({
  page,
}) => {
  await login(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole('link', { name: /Get Started/ })).toHaveCount(0);
  await snap(page, '22-not-found-signed-in');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a guest on an unknown path gets the 404 with the home page and sign-in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await snap(page, '22-not-found-guest');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form keeps submit disabled until both fields are filled and shows server errors', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: /^(log in|sign in|login)$/i });
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_USER.email);
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Password-1');
  await submit.click();
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await snap(page, '20-login-error');
});

test('below 768px the Dashboard and Referral Program buttons move into the avatar menu', async ({ page }) => {
  await login(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const topBarReferral = page.getByRole('banner').getByRole('link', { name: 'Referral Program' });
  await expect(topBarReferral).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(topBarReferral).toBeHidden();
  await page.getByRole('banner').getByRole('button', { name: /demo/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Referral Program' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await page.screenshot({ path: new URL('../artifacts/screens/21-narrow-menu-mobile.png', import.meta.url).pathname });
  await page.getByRole('menuitem', { name: 'Referral Program' }).click();
  await expect(page).toHaveURL(/\/referral-program$/);
});

test('information pages and the admin area render', async ({ page }) => {
  for (const [path, name] of [
    ['/about', '30-about'],
    ['/faq', '31-faq'],
    ['/support', '32-support'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snap(page, name);
  }
  await loginAsAdmin(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await snap(page, '33-admin-dashboard');
  await page.goto('/password/reset?code=abc&exp=1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an expired reset link and a bad verification link explain what to do', async ({ page }) => {
  await page.goto(`/password/reset?code=abcdefghijklmnopqrstuvwxyz&exp=${Date.now() - 1000}`);
  await expect(page.getByText('Invalid or expired link')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await snap(page, '34-reset-invalid');
  await page.goto('/email/verify/not-a-real-code-not-a-real-code');
  await expect(page.getByRole('heading', { name: 'Invalid Verification Link' })).toBeVisible();
  await snap(page, '35-verify-invalid');
});
