import { DEMO_ADMIN, DEMO_USER, expect, loginAsAdmin, snap, test } from '../fixtures';

test('an admin finds a user and their top-ups with the working search boxes', async ({ page }) => {
  // The demo user starts a top-up so the platform list has a row to find.
  const user = await page.request.post('/api/auth/login', { data: DEMO_USER });
  expect(user.ok()).toBe(true);
  const deposit = await page.request.post('/api/transactions', {
    data: { currency: 'BTC', network: 'BTC', amountInUsd: 2500 },
  });
  expect(deposit.status()).toBe(201);
  await page.request.get('/api/auth/logout');

  await loginAsAdmin(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/users');
  await page.getByRole('textbox', { name: 'Search users' }).fill('demo@');
  await expect(page).toHaveURL(/search=demo%40/);
  await expect(page.getByRole('cell', { name: DEMO_USER.email, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: DEMO_ADMIN.email, exact: true })).toBeHidden();
  await snap(page, '50-admin-users');
  await page
    .getByRole('link', { name: /View Details/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);

  await page.goto('/transactions');
  await page.getByRole('textbox', { name: 'Search transactions' }).fill(DEMO_USER.email);
  await expect(page.getByRole('cell', { name: DEMO_USER.email, exact: true }).first()).toBeVisible();
  await expect(page.getByText('$25.00').first()).toBeVisible();
  await snap(page, '51-admin-transactions');
});

test("an admin sees each queue's background work and the dead letters", async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  const queues = page.getByRole('table', { name: 'Queues' });
  // The admin's sign-in code was a mail job a moment ago.
  await expect(queues.getByText('Mail', { exact: true })).toBeVisible();
  await expect(queues.getByText('Card money movements')).toBeVisible();
  await expect(page.getByText('No dead letters')).toBeVisible();
  await page.getByRole('textbox', { name: 'Queue' }).click();
  await page.getByRole('option', { name: 'Provider events', exact: true }).click();
  await expect(page).toHaveURL(/\/jobs\?queue=provider-event$/);
  await expect(page.getByText('No dead letters in this queue')).toBeVisible();
  await snap(page, '54-admin-jobs');
});
