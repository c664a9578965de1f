import type { Page } from '@playwright/test';
import { expect, newUser, returnToTab, snap, test, waitForTopUpStatus } from '../fixtures';

/** Add Money → USDT on TRON → $50 → Continue, then Pay Now opens the sandbox checkout in a new tab. */
async function startTopUp(page: Page, step: string, screenshots: boolean) {
  await page.getByRole('button', { name: 'Add Money' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /USDT/ })).toBeVisible();
  if (screenshots) await snap(page, `${step}-1-choose-coin`);
  await dialog.getByRole('button', { name: /USDT/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Network' })).toHaveValue('Arbitrum');
  await dialog.getByRole('textbox', { name: 'Network' }).click();
  await page.getByRole('option', { name: 'TRON' }).click();
  const continueButton = dialog.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('50');
  await expect(dialog.getByText(/1 USDT = \$1\.\d+ USD/)).toBeVisible();
  await expect(continueButton).toBeEnabled();
  if (screenshots) await snap(page, `${step}-2-network-and-amount`);
  await continueButton.click();
  await expect(dialog.getByRole('link', { name: /Pay Now/ })).toBeVisible();
  if (screenshots) await snap(page, `${step}-3-payment-link`);
  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('link', { name: /Pay Now/ }).click(),
  ]);
  await checkout.waitForLoadState();
  await expect(checkout.getByText('$50.00').first()).toBeVisible();
  await expect(checkout.getByText(/USDT/).first()).toBeVisible();
  if (screenshots) await snap(checkout, `${step}-4-sandbox-checkout`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return checkout;
}

const recentTransactions = (page: Page) => page.getByRole('region', { name: 'Recent Transactions' });
const balancePanel = (page: Page) => page.getByRole('region', { name: 'Available Balance' });

test('Add Money with USDT on TRON, paid in full: the dashboard shows $50.00 and a PAID row', async ({ page }) => {
  // Twelve screenshots with axe, and a job crediting the payment: room for a loaded machine.
  test.setTimeout(180_000);
  await newUser(page, 'paid');
  await expect(recentTransactions(page).getByText('No transactions yet')).toBeVisible();
  const checkout = await startTopUp(page, '40-paid', true);
  await expect(
    recentTransactions(page)
      .getByText(/^pending$/i)
      .first(),
  ).toBeVisible();
  await checkout.getByRole('button', { name: /^Paid · / }).click();
  await expect(checkout.getByRole('status')).toContainText('Payment received');
  await snap(checkout, '40-paid-5-checkout-done');
  await checkout.close();
  // No reload: once the server has credited it, coming back to the tab shows it at once.
  await waitForTopUpStatus(page.request, 'PAID');
  await returnToTab(page);
  await expect(balancePanel(page).getByText('$50.00')).toBeVisible();
  await expect(
    recentTransactions(page)
      .getByText(/^paid$/i)
      .first(),
  ).toBeVisible();
  await snap(page, '40-paid-6-dashboard');
});

test('paid less: the amount actually received is credited and the row says PAID_LESS', async ({ page }) => {
  await newUser(page, 'less');
  const checkout = await startTopUp(page, '41-less', false);
  await checkout.getByRole('textbox', { name: 'Underpaid amount (USD)' }).fill('20.50');
  await checkout.getByRole('button', { name: 'Paid less' }).click();
  await expect(checkout.getByRole('status')).toBeVisible();
  await snap(checkout, '41-less-checkout-done');
  await checkout.close();
  await waitForTopUpStatus(page.request, 'PAID_LESS');
  await returnToTab(page);
  await expect(balancePanel(page).getByText('$20.50')).toBeVisible();
  await expect(
    recentTransactions(page)
      .getByText(/^paid less$/i)
      .first(),
  ).toBeVisible();
  await snap(page, '41-less-dashboard');
});

test('expired: nothing is credited and the row says EXPIRED', async ({ page }) => {
  await newUser(page, 'expired');
  const checkout = await startTopUp(page, '42-expired', false);
  await checkout.getByRole('button', { name: 'Expire' }).click();
  await expect(checkout.getByRole('status')).toBeVisible();
  await snap(checkout, '42-expired-checkout-done');
  await checkout.close();
  await waitForTopUpStatus(page.request, 'EXPIRED');
  await returnToTab(page);
  await expect(
    recentTransactions(page)
      .getByText(/^expired$/i)
      .first(),
  ).toBeVisible();
  await expect(balancePanel(page).getByText('$0.00')).toBeVisible();
  await snap(page, '42-expired-dashboard');
});
