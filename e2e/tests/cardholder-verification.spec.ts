import type { Page } from '@playwright/test';
import {
  expect,
  IDENTITY,
  loginAsAdmin,
  newUser,
  paidTopUp,
  snap,
  test,
  verifyIdentity,
  waitForMail,
} from '../fixtures';

async function chooseCountry(page: Page, label: string, country: string) {
  const select = page.getByRole('textbox', { name: label });
  await select.fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
  await expect(select).toHaveValue(country);
}

/** The form as a person fills it in, with the document number they type. */
async function fillIdentity(page: Page, idNumber: string) {
  await page.getByRole('textbox', { name: 'First and middle names' }).fill(IDENTITY.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(IDENTITY.lastName);
  await page.getByLabel('Date of birth').fill(IDENTITY.dateOfBirth);
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill(IDENTITY.phone);
  await page.getByRole('textbox', { name: 'Address line 1' }).fill(IDENTITY.address.line1);
  await page.getByRole('textbox', { name: 'City' }).fill(IDENTITY.address.city);
  await page.getByRole('textbox', { name: 'Postal code' }).fill(IDENTITY.address.postalCode);
  await chooseCountry(page, 'Country of residence', 'United Kingdom');
  await page.getByRole('radio', { name: 'Passport' }).check();
  await page.getByRole('textbox', { name: 'Document number' }).fill(idNumber);
  await chooseCountry(page, 'Issuing country', 'United Kingdom');
}

const balancePanel = (page: Page) => page.getByRole('region', { name: 'Available Balance' });

// Screens are shot at 1440 px wide (and at 390 px by snap).
test.use({ viewport: { width: 1440, height: 900 } });

test('a new user verifies their identity, is refused once, fixes the number, and gets a card in their legal name', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await newUser(page, 'kyc');
  await paidTopUp(page.request, 5000);
  await page.reload();
  await expect(balancePanel(page).getByText('$50.00')).toBeVisible();

  // The dashboard says why no card yet, and the Create New Card tile leads to the identity check.
  await expect(balancePanel(page).getByText(/Verify your identity to create cards/)).toBeVisible();
  await expect(balancePanel(page).getByRole('button', { name: 'Create Card' })).toHaveCount(0);
  await snap(page, '70-kyc-1-dashboard-asks-to-verify');
  await page.getByRole('link', { name: /Create New Card/ }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Verify your identity', level: 1 })).toBeVisible();

  // Every field is checked before anything is sent.
  await page.getByRole('button', { name: 'Review your details' }).click();
  await expect(page.getByRole('textbox', { name: 'First and middle names' })).toBeFocused();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await snap(page, '70-kyc-2-form-errors');

  // A document number the issuer will refuse (the sandbox refuses numbers ending in 0000).
  await fillIdentity(page, 'P48210000');
  await page.getByRole('button', { name: 'Review your details' }).click();
  await expect(page.getByText('Grace Hopper', { exact: true })).toBeVisible();
  await expect(page.getByText('9 December 1986')).toBeVisible();
  await snap(page, '70-kyc-3-review');
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByRole('heading', { name: 'We are checking your identity' })).toBeVisible();
  await expect(page.getByText('Passport from United Kingdom, number ending 0000')).toBeVisible();

  // The issuer's webhook arrives a moment later: refused, with its reason and what to do.
  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/does not match the name and date of birth/)).toBeVisible();
  await expect(page.getByText(/You have 4 attempts left/)).toBeVisible();
  await snap(page, '70-kyc-4-rejected');
  await waitForMail(page, email, 'We could not verify your identity', new Date(Date.now() - 60_000));

  // Fix the field: within this visit the form comes back as typed (kept in the page's memory, never stored), so
  // the person corrects the document number alone.
  await page.getByRole('button', { name: 'Fix and send again' }).click();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Hopper');
  const documentNumber = page.getByRole('textbox', { name: 'Document number' });
  await expect(documentNumber).toHaveValue('P48210000');
  await documentNumber.fill(IDENTITY.idNumber);
  await page.getByRole('button', { name: 'Review your details' }).click();
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/verified you as Grace Hopper: your cards carry this name/)).toBeVisible();
  await snap(page, '70-kyc-5-approved');

  // A card, in the legal name.
  await page.getByRole('link', { name: 'Create your card' }).click();
  const createCard = balancePanel(page).getByRole('button', { name: 'Create Card' });
  await expect(createCard).toBeEnabled({ timeout: 15_000 });
  await createCard.click();
  const createDialog = page.getByRole('dialog', { name: 'Create a new card' });
  await createDialog.getByRole('textbox', { name: 'Card label' }).fill('Everyday');
  await createDialog.getByRole('textbox').nth(1).click();
  await page.keyboard.type('2580');
  await createDialog.getByRole('button', { name: /^Create card/ }).click();
  await expect(createDialog).toBeHidden();
  await page.getByRole('link', { name: /Everyday/ }).click();
  await expect(page.getByText('GRACE HOPPER')).toBeVisible();
  await snap(page, '70-kyc-6-card-in-legal-name');
});

test('a resident of a restricted country is told why before anything is sent; the notice links to the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const notice = page.getByRole('contentinfo').getByText(/not available to residents of restricted countries/);
  await expect(notice).toContainText('FATF');
  await page.getByRole('link', { name: 'See the list of restricted countries' }).click();
  await expect(page).toHaveURL(/\/restricted-countries$/);
  await expect(page.getByRole('list', { name: 'Restricted countries' })).toContainText('Iran');
  await snap(page, '70-kyc-7-restricted-countries');

  await newUser(page, 'kyc-restricted');
  await page.goto('/verify');
  await fillIdentity(page, IDENTITY.idNumber);
  await chooseCountry(page, 'Country of residence', 'Iran');
  await page.getByRole('button', { name: 'Review your details' }).click();
  await expect(page.getByText(/We cannot offer cards to residents of Iran/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send for verification' })).toHaveCount(0);
  await snap(page, '70-kyc-8-restricted-refused');

  // The API refuses it the same way, whatever the client.
  const refused = await page.request.post('/api/cardholder', {
    data: { ...IDENTITY, address: { ...IDENTITY.address, country: 'IR' } },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ errorCode: 'RestrictedCountry' });
  expect((await (await page.request.get('/api/cardholder')).json()).status).toBe('not_started');
});

test('an admin sees the verification history without document numbers, and asks the user to verify again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });
  const userPage = await person.newPage();
  await newUser(userPage, 'kyc-admin');
  const refused = await userPage.request.post('/api/cardholder', { data: { ...IDENTITY, idNumber: 'P77770000' } });
  expect(refused.status()).toBe(202);
  await expect
    .poll(async () => (await (await userPage.request.get('/api/cardholder')).json()).status, { timeout: 30_000 })
    .toBe('rejected');
  await verifyIdentity(userPage.request);
  const userId = (await (await userPage.request.get('/api/user')).json())._id;

  await loginAsAdmin(page);
  await page.goto(`/users/${userId}`);
  const section = page.getByRole('region', { name: 'Identity verification' });
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
  await expect(section.getByText('Approved by the issuer')).toBeVisible();
  await expect(section.getByText(/does not match the name/)).toBeVisible();
  await expect(section).not.toContainText('P7777');
  await expect(section).not.toContainText(IDENTITY.dateOfBirth);
  await snap(page, '70-kyc-9-admin-history');

  await section.getByRole('button', { name: 'Ask to verify again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask to verify again?' });
  await dialog
    .getByRole('textbox', { name: /Reason, shown to the user/ })
    .fill('Your passport has expired: please verify with a valid document.');
  await dialog.getByRole('button', { name: 'Ask to verify again' }).click();
  await expect(section.getByText('More information needed')).toBeVisible();
  await expect(section.getByText('Asked to verify again')).toBeVisible();

  await userPage.goto('/verify');
  await expect(userPage.getByRole('heading', { name: 'We need more information' })).toBeVisible();
  await expect(userPage.getByText(/Your passport has expired/)).toBeVisible();
  await person.close();
});
