import type { Page } from '@playwright/test';
import { expect, newUser, paidTopUp, test, verifyIdentity } from '../fixtures';
import { shoot } from '../screens';

const controls = (page: Page) => page.getByRole('region', { name: 'Spending controls' });
const history = (page: Page) => page.getByRole('region', { name: 'Transaction History' });

test('card controls: a single-use option at creation, limits on the card page, a purchase over the limit declined with its reason', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newUser(page, 'controls');
  await paidTopUp(page.request, 10_000);
  await verifyIdentity(page.request);
  await page.reload();

  // Create Card offers a single-use card.
  const createCard = page
    .getByRole('region', { name: 'Available Balance' })
    .getByRole('button', { name: 'Create Card' });
  await expect(createCard).toBeEnabled({ timeout: 15_000 });
  await createCard.click();
  const dialog = page.getByRole('dialog', { name: 'Create a new card' });
  await dialog.getByRole('textbox', { name: 'Card label' }).fill('Limited');
  await dialog.getByRole('textbox').nth(1).click();
  await page.keyboard.type('4821');
  const singleUse = dialog.getByRole('switch', { name: 'Single-use card' });
  await singleUse.click();
  await expect(singleUse).toBeChecked();
  await shoot(page, '60-controls-1-create-single-use', { scope: '[role="dialog"]' });
  await singleUse.click();
  await expect(singleUse).not.toBeChecked();
  await dialog.getByRole('button', { name: /^Create card/ }).click();
  await expect(dialog).toBeHidden();

  // Load $20 and open the card.
  const tile = page.getByRole('link', { name: /Limited/ });
  await expect(tile).toContainText('Active', { timeout: 15_000 });
  await tile.click();
  await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}$/);
  const cardId = page.url().split('/').pop() ?? '';
  const loaded = await page.request.patch(`/api/cards/${cardId}/load`, { data: { amount: 2000, includesFee: false } });
  expect(loaded.status()).toBe(200);
  // Loaded behind the page's back: read again, and the page follows the load until it arrives.
  await page.reload();
  await expect(history(page).getByText(/funding/i)).toBeVisible({ timeout: 20_000 });

  // Limits: a bad one is refused in the form, good ones saved with what is left and when it renews.
  await expect(controls(page).getByRole('button', { name: 'Save controls' })).toBeDisabled();
  await controls(page).getByRole('textbox', { name: 'Per day' }).fill('5');
  await controls(page).getByRole('textbox', { name: 'Per month' }).fill('4');
  await controls(page).getByRole('button', { name: 'Save controls' }).click();
  await expect(controls(page).getByText('Cannot be more than the monthly limit.')).toBeVisible();
  await expect(controls(page).getByRole('textbox', { name: 'Per day' })).toBeFocused();
  await controls(page).getByRole('textbox', { name: 'Per purchase' }).fill('10');
  await controls(page).getByRole('textbox', { name: 'Per day' }).fill('15');
  await controls(page).getByRole('textbox', { name: 'Per month' }).fill('100');
  await controls(page).getByRole('checkbox', { name: 'Gambling' }).check();
  await controls(page).getByRole('button', { name: 'Save controls' }).click();
  await expect(page.getByText('Spending controls saved')).toBeVisible();
  await expect(controls(page).getByText(/\$15\.00 left today, renews on/)).toBeVisible();
  await expect(controls(page).getByText(/\$100\.00 left this month, renews on/)).toBeVisible();
  await controls(page).scrollIntoViewIfNeeded();
  await shoot(page, '60-controls-2-card-page');

  // Over the per-purchase limit in the spend simulator: declined, with the reason.
  await page.getByRole('link', { name: /Open spend simulator/ }).click();
  await page.getByRole('textbox', { name: 'Merchant' }).click();
  await page.getByRole('option', { name: /Spotify/ }).click();
  await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('12.34');
  await page.getByRole('button', { name: 'Buy for $12.34' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: "Over the card's per-purchase limit of $10.00" }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('9.99');
  await page.getByRole('button', { name: 'Buy for $9.99' }).click();
  await expect(page.getByRole('status').filter({ hasText: /approved/i })).toBeVisible();
  await page.getByRole('link', { name: /Back to your card/ }).click();

  // The card's history shows the decline and its reason; the limits show what is left.
  const declined = history(page)
    .getByRole('listitem')
    .filter({ hasText: "Over the card's per-purchase limit of $10.00" });
  await expect(declined).toBeVisible({ timeout: 15_000 });
  await expect(declined).toContainText('$12.34');
  await expect(controls(page).getByText(/\$5\.01 left today/)).toBeVisible();
  await shoot(page, '60-controls-3-declined-in-history');
});
