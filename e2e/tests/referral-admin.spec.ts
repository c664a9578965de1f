import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  expect,
  linkIn,
  loginAsAdmin,
  newUser,
  PASSWORD,
  payTopUp,
  snap,
  test,
  uniqueEmail,
  verifyIdentity,
  waitForMail,
} from '../fixtures';

type DashboardStats = {
  totalUsers: number;
  totalCards: number;
  totalPaidInvoices: number;
  last7daysStats: { usersRegistered: number; cardsCreated: number; paidInvoices: number }[];
};

/** A browser of its own (own cookies, own client address), as a second person on another machine. */
async function anotherPerson(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${randomInt(1, 254)}` },
  });
  return { context, page: await context.newPage() };
}

/**
 * A friend who signs up through the API with the referral code, verifies from the mailed link, tops up $20 and
 * creates a card: both of the referrer's rewards are earned.
 */
async function referredFriendWithCard(browser: Browser, baseURL: string, referrerId: string) {
  const { context, page } = await anotherPerson(browser, baseURL);
  const email = uniqueEmail('friend');
  const startedAt = new Date(Date.now() - 1000);
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, referredBy: referrerId },
  });
  expect(registered.status()).toBe(201);
  const code = linkIn(await waitForMail(page, email, 'Verify your e-mail', startedAt), /\/email\/verify\/\S+/)
    .split('/')
    .pop();
  const verified = await page.request.get(`/api/auth/email/verify/${code}`);
  expect((await verified.json()).referral).toEqual({ referralAttempted: true, referrerEligible: true });
  await payTopUp(page.request, 2000);
  await verifyIdentity(page.request);
  const card = await page.request.post('/api/cards/create', {
    data: { name: 'Friend card', pin: 2468 },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(card.status(), await card.text()).toBe(201);
  expect((await card.json()).reward).toBe(500);
  await context.close();
}

async function dashboardStats(admin: Page): Promise<DashboardStats> {
  const response = await admin.request.get('/api/admin/stats/dashboard');
  expect(response.status()).toBe(200);
  return response.json();
}

const statCard = (page: Page, label: string) => page.getByRole('region', { name: label });
const weekTotal = (stats: DashboardStats, key: keyof DashboardStats['last7daysStats'][number]) =>
  stats.last7daysStats.reduce((sum, day) => sum + day[key], 0);

test('referrals to payout, then the admin console: figures move, 2FA on, suspend, audit log', async ({
  page,
  browser,
  baseURL,
}) => {
  // Only to catch a hang: six people sign up and the admin works through the console; on a quiet two-core machine with
  // a type check beside it, it was still moving (past the payout) at five minutes.
  test.setTimeout(480_000);
  const origin = baseURL ?? '';

  // The admin looks at the platform before anything happens.
  const admin = await anotherPerson(browser, origin);
  await loginAsAdmin(admin.page);
  await expect(admin.page).toHaveURL(/\/dashboard$/);
  const before = await dashboardStats(admin.page);

  // A referrer: under $50 the link is locked; a $50 top-up turns it on.
  await newUser(page, 'referrer');
  await page.goto('/referral-program');
  await expect(page.getByText('Your referral link is not active yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeDisabled();
  await snap(page, '60-referral-1-locked');
  await payTopUp(page.request, 5000);
  await page.reload();
  await expect(page.getByText('Your referral link is not active yet')).toBeHidden();
  const linkField = page.getByRole('textbox', { name: 'Referral link' });
  const link = await linkField.inputValue();
  expect(link).toMatch(/\/signup\?ref=[0-9a-f-]{36}$/);
  const referrerId = link.split('ref=')[1] ?? '';
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await snap(page, '60-referral-2-link-active');

  // A friend opens the link, signs up, verifies, and is told the referral applied.
  const friend = await anotherPerson(browser, origin);
  const friendEmail = uniqueEmail('friend-ui');
  await friend.page.goto(link);
  await friend.page.getByRole('textbox', { name: 'Email' }).fill(friendEmail);
  await friend.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await friend.page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  const signedUpAt = new Date(Date.now() - 1000);
  await friend.page.getByRole('button', { name: 'Create account' }).click();
  await expect(friend.page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const verification = await waitForMail(friend.page, friendEmail, 'Verify your e-mail', signedUpAt);
  await friend.page.goto(linkIn(verification, /http:\/\/\S+\/email\/verify\/\S+/));
  await friend.page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  const referralModal = friend.page.getByRole('dialog', { name: 'Referral Applied' });
  await expect(referralModal).toBeVisible();
  await snap(friend.page, '60-referral-3-applied');
  await referralModal.getByRole('button', { name: 'Got it' }).click();
  await expect(referralModal).toBeHidden();

  // The friend tops up and creates a first card: the reward shows at once and lands in the balance.
  await payTopUp(friend.page.request, 2000);
  await verifyIdentity(friend.page.request);
  await friend.page.reload();
  const balance = friend.page.getByRole('region', { name: 'Available Balance' });
  await expect(balance.getByText('$20.00')).toBeVisible();
  const createCard = balance.getByRole('button', { name: 'Create Card' });
  await expect(createCard).toBeEnabled({ timeout: 30_000 });
  await createCard.click();
  const createDialog = friend.page.getByRole('dialog', { name: 'Create a new card' });
  await createDialog.getByRole('textbox', { name: 'Card label' }).fill('First');
  await createDialog.getByRole('textbox').nth(1).click();
  await friend.page.keyboard.type('4821');
  await createDialog.getByRole('button', { name: /^Create card/ }).click();
  const rewardModal = friend.page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(rewardModal).toContainText('$5.00');
  await snap(friend.page, '60-referral-4-first-card-reward');
  await rewardModal.getByRole('button').first().click();
  await expect(balance.getByText('$10.00')).toBeVisible();

  // The referrer sees both rewards for that friend.
  await page.reload();
  const rewards = page.getByRole('table');
  const friendRows = rewards.getByRole('row').filter({ hasText: `${friendEmail.slice(0, 2)}...@example.com` });
  await expect(friendRows).toHaveCount(2);
  await expect(friendRows.filter({ hasText: '$1.00' })).toHaveCount(1);
  await expect(friendRows.filter({ hasText: '$5.00' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
  await snap(page, '60-referral-5-two-rewards');

  // Four more friends take the referrer's earnings to $30, past the $25 payout; withdraw moves it to the balance.
  for (let friendNumber = 0; friendNumber < 4; friendNumber += 1) {
    await referredFriendWithCard(browser, origin, referrerId);
  }
  await page.reload();
  await expect(statCard(page, 'Total Earnings')).toContainText('$30.00');
  const withdraw = page.getByRole('button', { name: 'Withdraw $30.00' });
  await expect(withdraw).toBeEnabled();
  await snap(page, '60-referral-6-ready-to-withdraw');
  await withdraw.click();
  await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
  await expect(statCard(page, 'Available to Withdraw')).toContainText('$0.00');
  expect((await (await page.request.get('/api/user')).json()).balance).toBe(8000);

  // The admin's figures and chart have moved by what just happened: 6 sign-ups, 5 cards, 6 paid top-ups.
  const after = await dashboardStats(admin.page);
  expect(after.totalUsers - before.totalUsers).toBe(6);
  expect(after.totalCards - before.totalCards).toBe(5);
  expect(after.totalPaidInvoices - before.totalPaidInvoices).toBe(6);
  expect(weekTotal(after, 'usersRegistered') - weekTotal(before, 'usersRegistered')).toBe(6);
  await admin.page.goto('/dashboard');
  const count = new Intl.NumberFormat('en-US');
  await expect(statCard(admin.page, 'Total Users')).toContainText(count.format(after.totalUsers));
  await expect(statCard(admin.page, 'Total Cards')).toContainText(count.format(after.totalCards));
  await expect(statCard(admin.page, 'Total Paid Invoices')).toContainText(count.format(after.totalPaidInvoices));
  await expect(admin.page.getByRole('img', { name: /Bar chart of the last 7 days/ })).toHaveAccessibleName(
    new RegExp(`${count.format(weekTotal(after, 'cardsCreated'))} cards? created`),
  );
  await snap(admin.page, '61-admin-1-dashboard');
  await admin.page.getByText('Table', { exact: true }).click();
  const today = after.last7daysStats.at(-1);
  const todayRow = admin.page.getByRole('table', { name: 'Last 7 days, per UTC day' }).getByRole('row').last();
  await expect(todayRow).toContainText(count.format(today?.usersRegistered ?? -1));
  await expect(todayRow).toContainText(count.format(today?.paidInvoices ?? -1));

  // The admin opens the friend, turns their 2FA on and suspends them.
  await admin.page.goto(`/users?search=${encodeURIComponent(friendEmail)}`);
  await admin.page.getByRole('link', { name: /View Details/ }).click();
  await expect(admin.page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  const friendId = admin.page.url().split('/').pop() ?? '';
  await expect(admin.page.getByRole('heading', { name: 'Card Management' })).toBeVisible();
  await expect(admin.page.getByRole('region', { name: 'Card Management' })).toContainText('First');
  const twoFactor = admin.page.getByRole('switch', { name: 'Two-factor authentication' });
  await expect(twoFactor).not.toBeChecked();
  await twoFactor.click({ force: true });
  await expect(twoFactor).toBeChecked();
  await admin.page.getByRole('button', { name: 'Suspend Account' }).click();
  const confirm = admin.page.getByRole('dialog', { name: 'Suspend this account?' });
  await expect(confirm).toContainText(friendEmail);
  await snap(admin.page, '61-admin-2-suspend-confirm');
  await confirm.getByRole('button', { name: 'Yes, suspend' }).click();
  await expect(admin.page.getByRole('button', { name: 'Activate Account' })).toBeVisible();
  await expect(admin.page.getByText('The account is suspended: the user cannot sign in.')).toBeVisible();
  await snap(admin.page, '61-admin-3-user-suspended');

  // The friend's next request signs them out; signing in again is refused with the reason.
  await friend.page.goto('/referral-program');
  await expect(friend.page).toHaveURL(/\/login/);
  await friend.page.getByRole('textbox', { name: 'Email' }).fill(friendEmail);
  await friend.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await friend.page.getByRole('button', { name: /^(log in|sign in|login)$/i }).click();
  await expect(friend.page.getByText('Your account is suspended. Contact support.')).toBeVisible();

  // The audit log holds both actions, by this admin, about this user.
  await admin.page.goto(`/audit?targetUserId=${friendId}`);
  const entries = admin.page.getByRole('table').getByRole('row').filter({ hasText: DEMO_ADMIN.email });
  await expect(entries.filter({ hasText: 'admin.user_suspended' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'admin.two_factor_enabled' })).toHaveCount(1);
  await snap(admin.page, '61-admin-4-audit-log');

  await friend.context.close();
  await admin.context.close();
});
