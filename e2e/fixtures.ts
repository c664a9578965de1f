import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const PASSWORD = 'Sturdy-Passphrase-31';
export const DEMO_USER = { email: 'demo@coincard.test', password: 'Demo-User-2026!' };
export const DEMO_ADMIN = { email: 'admin@coincard.test', password: 'Demo-Admin-2026!' };

const ARTIFACTS = fileURLToPath(new URL('./artifacts/screens/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

type Mail = { to: string; subject: string; text: string; createdAt: string };

/** Reads mail the way a newcomer does: from the app's development outbox. */
export async function waitForMail(page: Page, to: string, subject: string, after: Date): Promise<Mail> {
  for (let i = 0; i < 50; i += 1) {
    const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { mails } = (await response.json()) as { mails: Mail[] };
    const found = mails.find((mail) => mail.subject.includes(subject) && new Date(mail.createdAt) >= after);
    if (found) return found;
    await page.waitForTimeout(200);
  }
  throw new Error(`no "${subject}" mail for ${to}`);
}

export const linkIn = (mail: Mail, pattern: RegExp) => {
  const link = mail.text.match(pattern)?.[0];
  if (!link) throw new Error(`no link matching ${pattern} in "${mail.subject}"`);
  return link;
};

export const codeIn = (mail: Mail) => mail.text.match(/\b\d{6}\b/)?.[0] ?? '';

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${randomInt(1e6)}@example.com`;

/**
 * Toasts come and go on their own 5-second clock, so one could start fading while axe measures it: screenshots and
 * checks are of screens, so they wait for toasts to have gone (the toasts' own look is checked where it is the
 * subject).
 */
async function toastsGone(page: Page) {
  await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0, { timeout: 8000 });
}

/** Transitions in flight (a toast fading out) would be measured mid-way: screenshots and axe wait for them. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // Spinners loop forever; only transitions that end are waited for.
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    null,
    {
      timeout: 5000,
    },
  );
}

/**
 * Axe's WCAG A and AA rules on the page as it is. `coloursOnly` runs just the rules a colour scheme can change
 * (contrast, and links told apart from text by colour): the second scheme of a screen already checked has the same
 * structure, names and roles, and the full rule set costs seconds of CPU per run.
 */
export async function expectNoSeriousA11yProblems(page: Page, name: string, options: { coloursOnly?: boolean } = {}) {
  await settled(page);
  // Legacy mode runs axe in the page itself; the default opens a blank page per run to merge the results of frames,
  // which these pages do not have (about 40% of each run's time).
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (options.coloursOnly
    ? axe.withRules(['color-contrast', 'link-in-text-block'])
    : axe.withTags(['wcag2a', 'wcag2aa'])
  ).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${name}`,
  ).toEqual([]);
}

/**
 * A screenshot, bounded: on a starved CI machine Chromium once never answered a full-page capture (the card journey sat
 * in it until the test's six minutes ran out, and six more in teardown). A capture that has not come back in 30 s is
 * asked for again once, after a moment; the second failure fails the test, since the shots are what we look at.
 */
export async function capture(page: Page, options: { path: string; fullPage?: boolean }) {
  try {
    await page.screenshot({ ...options, timeout: 30_000 });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    console.warn(`screenshot ${options.path} timed out once; taking it again`);
    await page.waitForTimeout(1000);
    await page.screenshot({ ...options, timeout: 60_000 });
  }
}

/**
 * Screenshots a screen at desktop width and at 390px (the phone width the design targets), then in the dark
 * colour scheme, and checks each scheme with axe for serious accessibility problems.
 */
export async function snap(page: Page, name: string) {
  // Quiet network first, but bounded: the admin dashboard of a long journey once never reached it in 200 s (an open
  // request, not yet found), and a screenshot needs the page settled, which the waits below check on their own.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await toastsGone(page);
  await settled(page);
  await capture(page, { path: `${ARTIFACTS}${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await capture(page, { path: `${ARTIFACTS}${name}-mobile.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
  await expectNoSeriousA11yProblems(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(150);
  await capture(page, { path: `${ARTIFACTS}${name}-dark.png`, fullPage: true });
  await expectNoSeriousA11yProblems(page, `${name} (dark)`, { coloursOnly: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

export const test = base.extend({
  context: async ({ context }, use) => {
    // A client address of its own per test, read by the app behind TRUST_PROXY (rate limits are per IP).
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${randomInt(1, 254)}` });
    await use(context);
  },
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|sign in|login)$/i }).click();
}

/** A fresh verified user, signed in on the dashboard (so every test starts at a $0.00 balance). */
export async function newUser(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const startedAt = new Date(Date.now() - 1000);
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status()).toBe(201);
  const mail = await waitForMail(page, email, 'Verify your e-mail', startedAt);
  await page.goto(linkIn(mail, /http:\/\/\S+\/email\/verify\/\S+/));
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** A top-up asked for through the API (USDT on TRON); answers its sandbox checkout's id, from its payment link. */
export async function createTopUp(request: APIRequestContext, cents: number): Promise<string> {
  const created = await request.post('/api/transactions', {
    data: { currency: 'USDT', network: 'TRON', amountInUsd: cents },
  });
  expect(created.status()).toBe(201);
  return (
    String((await created.json()).paymentUrl)
      .split('/')
      .pop() ?? ''
  );
}

/**
 * A top-up paid in full at the sandbox checkout, as its Paid button (or the payer's wallet) does; the credit follows
 * by the provider's webhook, which this does not wait for.
 */
export async function payTopUp(request: APIRequestContext, cents: number) {
  const uuid = await createTopUp(request, cents);
  const paid = await request.post(`/sandbox/payments/checkout/${uuid}/outcome`, { data: { outcome: 'paid' } });
  expect(paid.status()).toBe(200);
}

/**
 * A top-up paid in full, for journeys about something else; answers once the app has credited it. It waits on the
 * server's state, not on how fast a loaded machine runs the job or when the page's next poll falls.
 */
export async function paidTopUp(request: APIRequestContext, cents: number) {
  await payTopUp(request, cents);
  await waitForTopUpStatus(request, 'PAID');
}

export async function waitForTopUpStatus(request: APIRequestContext, status: string) {
  await expect
    .poll(
      async () => {
        const page = (await (await request.get('/api/transactions?page=1&pageSize=1')).json()) as {
          transactions: { status: string }[];
        };
        return page.transactions[0]?.status;
      },
      { timeout: 60_000 },
    )
    .toBe(status);
}

/**
 * Comes back to a tab the way a browser says so: headless Chromium keeps every tab visible, so it never fires the
 * visibilitychange a person's browser fires when they return from the checkout tab. The app reads what is pending again
 * at once on it.
 */
export async function returnToTab(page: Page) {
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

/** A made-up adult the sandbox issuer approves (a document number ending in 0000 it refuses, 1111 asks for more). */
export const IDENTITY = {
  firstName: 'Grace',
  lastName: 'Hopper',
  dateOfBirth: '1986-12-09',
  phone: '+44 20 7946 0456',
  address: { line1: '7 Harbour Road', city: 'Bristol', postalCode: 'BS1 5TY', country: 'GB' },
  idType: 'passport',
  idNumber: 'P48213579',
  idCountry: 'GB',
};

/**
 * The identity check done through the API, for journeys about something else (the verification journey itself goes
 * through the page): submitted, then approved by the sandbox issuer's webhook a moment later.
 */
export async function verifyIdentity(request: APIRequestContext, identity: Partial<typeof IDENTITY> = {}) {
  const submitted = await request.post('/api/cardholder', { data: { ...IDENTITY, ...identity } });
  expect(submitted.status(), await submitted.text()).toBe(202);
  await expect
    .poll(async () => (await (await request.get('/api/cardholder')).json()).status, { timeout: 30_000 })
    .toBe('approved');
}

/**
 * Signs the demo admin in. Administrators always have a second factor (the e-mail code), so this reads the code
 * from the development outbox and enters it, as the admin would from their inbox.
 */
export async function loginAsAdmin(page: Page) {
  const startedAt = new Date(Date.now() - 1000);
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Enter 2FA Verification Code' })).toBeVisible();
  const code = codeIn(await waitForMail(page, DEMO_ADMIN.email, 'Your sign-in code', startedAt));
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}
