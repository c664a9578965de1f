import { randomUUID } from 'node:crypto';
import type { CDPSession, Page } from '@playwright/test';
import { expect, newUser, PASSWORD, paidTopUp, snap, test, verifyIdentity, waitForMail } from '../fixtures';

/** Chromium's own virtual authenticator (DevTools WebAuthn domain): a platform passkey that checks the person. */
async function virtualAuthenticator(cdp: CDPSession, transport: 'internal' | 'usb') {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

async function signOut(page: Page) {
  await page.request.get('/api/auth/logout');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

const section = (page: Page, name: RegExp) => page.getByRole('region', { name });

test('passkeys: add two in Profile Settings, sign in with one (alone and after the password), step up with one to see card details; where you are signed in', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = await newUser(page, 'passkeys');
  await paidTopUp(page.request, 2500);
  await verifyIdentity(page.request);
  const created = await page.request.post('/api/cards/create', {
    data: { name: 'Online', pin: 2468 },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cardId = (await created.json()).card._id as string;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const laptop = await virtualAuthenticator(cdp, 'internal');

  // Profile Settings: no passkeys yet, then one named "This laptop", made by the browser after the password.
  await page.goto('/profile-settings');
  const passkeys = section(page, /^Passkeys/);
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  await expect(section(page, /^Where you are signed in/).getByText('This device')).toBeVisible();
  await snap(page, '60-passkeys-1-none');
  const addedAt = new Date(Date.now() - 1000);
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByRole('textbox', { name: 'Passkey name' }).fill('This laptop');
  await passkeys.getByRole('textbox', { name: /^Current password/ }).fill(PASSWORD);
  await snap(page, '60-passkeys-2-add');
  await passkeys.getByRole('button', { name: 'Create passkey' }).click();
  await expect(passkeys.getByRole('listitem', { name: 'This laptop' })).toBeVisible();
  await expect(passkeys.getByText(/Last used never/)).toBeVisible();
  expect((await waitForMail(page, email, 'A sign-in method was added', addedAt)).text).toContain('“This laptop”');

  // A second one, on a security key: the first passkey confirms it is the owner, then the key makes the new one.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByRole('textbox', { name: 'Passkey name' }).fill('Security key');
  await passkeys.getByRole('textbox', { name: /^Current password/ }).fill(PASSWORD);
  await passkeys.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(passkeys.getByText('Passkey confirmed.')).toBeVisible();
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop });
  const key = await virtualAuthenticator(cdp, 'usb');
  await passkeys.getByRole('button', { name: 'Create passkey' }).click();
  await expect(passkeys.getByRole('listitem', { name: 'Security key' })).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toHaveCount(2);
  await snap(page, '60-passkeys-3-two');

  // Signing in with the passkey alone (it checks the person), from the login page.
  await signOut(page);
  await snap(page, '60-passkeys-4-login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // With the password, the passkey is the second step.
  await signOut(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/Confirm with your passkey: your browser asks for it/)).toBeVisible();
  await snap(page, '60-passkeys-5-second-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Card details need a step-up of this session: the passkey gives it, and the owner is told by e-mail.
  await page.goto(`/cards/${cardId}`);
  const shownAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Show CVV', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(confirm.getByRole('radio', { name: 'Passkey' })).toBeChecked();
  await snap(page, '60-passkeys-6-step-up');
  await confirm.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('region', { name: 'Card details' }).getByText(/^5555 \d{4} \d{4} \d{4}$/)).toBeVisible();
  await waitForMail(page, email, 'Your card details were shown', shownAt);

  // Where you are signed in: this session marked; the earlier ones were signed out as they ended.
  await page.goto('/profile-settings');
  const sessions = section(page, /^Where you are signed in/);
  await expect(sessions.getByText('This device')).toBeVisible();
  await snap(page, '60-passkeys-7-sessions');

  // Removing a passkey asks for the password and a factor (the other passkey here).
  const laptopItem = passkeys.getByRole('listitem', { name: 'This laptop' });
  await laptopItem.getByRole('button', { name: 'Remove' }).click();
  await laptopItem.getByRole('textbox', { name: /^Current password/ }).fill(PASSWORD);
  await laptopItem.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(laptopItem.getByText('Passkey confirmed.')).toBeVisible();
  await snap(page, '60-passkeys-8-remove');
  await laptopItem.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: key });
});
