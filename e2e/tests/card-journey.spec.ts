import type { Page } from '@playwright/test';
import { expect, newUser, PASSWORD, paidTopUp, snap, test, verifyIdentity } from '../fixtures';

const balancePanel = (page: Page) => page.getByRole('region', { name: 'Available Balance' });
const history = (page: Page) => page.getByRole('region', { name: 'Transaction History' });

test('the card journey: create, load with the quote, spend, unload, freeze, reveal, 3DS code, delete', async ({
  page,
}) => {
  // Only to catch a hang: the longest journey of the suite, with the other shard's server and browser on the same
  // two cores (decision 036), took over three minutes on CI's machine.
  test.setTimeout(360_000);
  await newUser(page, 'cards');
  await paidTopUp(page.request, 10_000);
  await verifyIdentity(page.request);
  await page.reload();
  await expect(balancePanel(page).getByText('$100.00')).toBeVisible();

  // Create a card: $15 of the $100.
  const createCard = balancePanel(page).getByRole('button', { name: 'Create Card' });
  await expect(createCard).toBeEnabled({ timeout: 15_000 });
  await createCard.click();
  const createDialog = page.getByRole('dialog', { name: 'Create a new card' });
  await createDialog.getByRole('textbox', { name: 'Card label' }).fill('Travel');
  await createDialog.getByRole('textbox').nth(1).click();
  await page.keyboard.type('4821');
  await expect(createDialog.getByText('$85.00')).toBeVisible();
  await snap(page, '50-cards-1-create-card');
  await createDialog.getByRole('button', { name: /^Create card/ }).click();
  await expect(createDialog).toBeHidden();
  await expect(balancePanel(page).getByText('$85.00')).toBeVisible();
  const tile = page.getByRole('link', { name: /Travel/ });
  await expect(tile).toContainText('Active');
  await snap(page, '50-cards-2-dashboard-with-card');

  // The card's page; load $20 with the quote shown before confirming.
  await tile.click();
  await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}$/);
  await expect(history(page).getByText('No transactions found.')).toBeVisible();
  await snap(page, '50-cards-3-card-details');
  await page.getByRole('button', { name: 'Load Money', exact: true }).click();
  const loadDialog = page.getByRole('dialog', { name: 'Load money onto Travel' });
  await loadDialog.getByRole('textbox', { name: 'Amount to put on the card (USD)' }).fill('20');
  const quote = loadDialog.getByRole('region', { name: 'Load quote' });
  await expect(quote).toContainText('$2.00');
  await expect(quote).toContainText('$22.00');
  await expect(loadDialog.getByRole('button', { name: 'Load $20.00' })).toBeEnabled();
  await snap(page, '50-cards-4-load-quote');
  await loadDialog.getByRole('button', { name: 'Load $20.00' }).click();
  await expect(loadDialog).toBeHidden();
  await expect(page.getByText('$20.00').first()).toBeVisible({ timeout: 15_000 });
  await expect(history(page).getByText(/funding/i)).toBeVisible({ timeout: 15_000 });

  // Buy something in the spend simulator, as a merchant would charge the card.
  await page.getByRole('link', { name: /Open spend simulator/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/cards\/[0-9a-f]{32}\?return=/);
  await page.getByRole('textbox', { name: 'Merchant' }).click();
  await page.getByRole('option', { name: /Spotify/ }).click();
  await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('12.34');
  await page.getByRole('button', { name: 'Buy for $12.34' }).click();
  await expect(page.getByRole('status').filter({ hasText: /approved/i })).toBeVisible();
  await snap(page, '50-cards-5-spend-simulator');
  await page.getByRole('button', { name: 'Try a declined purchase' }).click();
  await expect(page.getByRole('status').filter({ hasText: /declined/i })).toBeVisible();
  await page.getByRole('link', { name: /Back to your card/ }).click();

  // The purchase is in the card's history, signed and coloured as a debit; the declined one beside it with its reason.
  const purchase = history(page).getByRole('listitem').filter({ hasText: 'Spotify' }).filter({ hasText: 'Debit' });
  await expect(purchase).toContainText('-$12.34');
  const declined = history(page)
    .getByRole('listitem')
    .filter({ hasText: 'Declined: Insufficient balance to pay the merchant charge' });
  await expect(declined).toHaveCount(1);
  await expect(page.getByText('$7.66').first()).toBeVisible();
  await snap(page, '50-cards-6-history-with-purchase');

  // Unload $5: back to the balance, and the 5-minute cooldown starts.
  await page.getByRole('button', { name: 'Unload Money', exact: true }).click();
  const unloadDialog = page.getByRole('dialog', { name: 'Unload money from Travel' });
  await unloadDialog.getByRole('textbox', { name: 'Amount to unload (USD)' }).fill('5');
  await unloadDialog.getByRole('button', { name: 'Unload $5.00' }).click();
  await expect(unloadDialog).toBeHidden();
  await expect(page.getByText('$2.66').first()).toBeVisible({ timeout: 15_000 });
  // A second unload would be refused for 5 minutes: the button waits, saying how long.
  const unloadButton = page.getByRole('button', { name: 'Unload Money', exact: true });
  await expect(unloadButton).toBeDisabled();
  await expect(unloadButton).toHaveAccessibleDescription(/Unload opens again in 0[45]:\d\d/);

  // Freeze (with a confirmation), then unfreeze at once.
  await page.getByRole('button', { name: 'Freeze', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Freeze this card?' })
    .getByRole('button', { name: /Freeze/ })
    .click();
  await expect(page.getByRole('button', { name: 'Unfreeze', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load Money', exact: true })).toBeDisabled();
  await snap(page, '50-cards-7-frozen');
  await page.getByRole('button', { name: 'Unfreeze', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Freeze', exact: true })).toBeVisible();

  // Reveal the number, expiry and CVV, after confirming it is the owner (the session alone is not enough); hide them.
  await page.getByRole('button', { name: 'Show CVV', exact: true }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await stepUp.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await snap(page, '50-cards-8-step-up');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  const details = page.getByRole('region', { name: 'Card details' });
  await expect(details.getByText(/^5555 \d{4} \d{4} \d{4}$/)).toBeVisible();
  await snap(page, '50-cards-8-revealed');
  await page.getByRole('button', { name: 'Hide CVV', exact: true }).click();
  await expect(details).toBeHidden();

  // A new 3DS code.
  await page.getByRole('button', { name: '3DS Code', exact: true }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Change 3DS code' });
  await pinDialog.getByRole('textbox').first().click();
  await page.keyboard.type('1357');
  await pinDialog.getByRole('button', { name: /Save/ }).click();
  await expect(pinDialog).toBeHidden();
  await expect(page.getByText(/3DS code is changed/)).toBeVisible();

  // Delete: the confirmation names what comes back; the balance gets it.
  await page.getByRole('button', { name: 'Delete Card', exact: true }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete this card?' });
  await expect(deleteDialog).toContainText('$2.66');
  await snap(page, '50-cards-9-delete');
  await deleteDialog.getByRole('button', { name: 'Delete card' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(balancePanel(page).getByText('$70.66')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /Travel/ })).toHaveCount(0);
  await snap(page, '50-cards-10-after-delete');
});
