import { ALERT_KINDS } from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStartupUsers } from '../../seed/ensure-users.js';
import { cardOf, fundedUser, userWithCard } from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createDeposit, payInSandbox } from '../../test/deposit-helpers.js';
import { stepUp } from '../../test/step-up.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { signInThroughTwoFactor } from '../../test/two-factor-sign-in.js';

const ADMIN = { email: 'alerts-admin@example.com', password: 'Alerts-Admin-Password-1' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configEnv: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  await ensureStartupUsers(t.deps, false);
}, 60_000);
afterAll(async () => {
  await t.close();
});

type AlertItem = { id: string; kind: string; title: string; body: string; link: string | null; readAt: string | null };

const alertsOf = async (jar: CookieJar, query = '') => {
  const response = await t.request('GET', `/api/alerts${query}`, { jar });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: AlertItem[]; meta: { total: number; pages: number }; unread: number };
};

async function spendable(email: string, onCard: number) {
  const user = await userWithCard(t, email, { balance: 20_000, onCard });
  const card = await cardOf(t, user.jar, user.cardId);
  const issuerCardId = String(card.simulatorUrl).split('/').pop() ?? '';
  const path = `/sandbox/issuing/simulator/cards/${issuerCardId}`;
  // The top-up that funded the card raised its own alert: start from a clean slate.
  await t.request('POST', '/api/alerts/read-all', { jar: user.jar });
  return {
    ...user,
    card,
    buy: (amountCents: number, merchant = 'amazon') =>
      t.request('POST', `${path}/purchases`, { body: { amountCents, merchant } }),
    refund: (reference: string) => t.request('POST', `${path}/refunds`, { body: { reference } }),
  };
}

describe('alerts for card spending', () => {
  it('raises a purchase, a refund and a low balance once each, mailing the kinds mailed by default', async () => {
    const email = 'spender@example.com';
    const { jar, cardId, card, buy, refund } = await spendable(email, 2000);
    const bought = await buy(1600, 'spotify');
    expect(bought.json()).toMatchObject({ outcome: 'successful' });
    await refund(bought.json().reference);
    await buy(1700, 'uber');

    const page = await alertsOf(jar, '?unread=true');
    expect(page.items.map((alert) => alert.kind)).toEqual([
      'card_low_balance',
      'card_purchase',
      'card_refund',
      'card_low_balance',
      'card_purchase',
    ]);
    expect(page.unread).toBe(5);
    const [lowBalance, purchase] = page.items;
    expect(purchase).toMatchObject({
      title: '$17.00 at UBER *TRIP SAN FRANCISCO US',
      link: `/cards/${cardId}`,
      readAt: null,
    });
    expect(purchase?.body).toContain(`•••• ${card.last4Digits}`);
    expect(lowBalance?.body).toContain('$3.00 left');
    expect(page.items[2]?.title).toBe('Refund of $16.00 from SPOTIFY STOCKHOLM SE');

    // Refunds and low balances are mailed by default; purchases are not (the app lists them).
    expect((await t.smtp.latest(email, 'Refund of $16.00 from SPOTIFY')).text).toContain('Open CoinCard');
    expect((await t.smtp.latest(email, 'Low balance on Everyday')).text).toContain('$3.00 left');
    expect(t.smtp.mails.filter((mail) => mail.to === email && mail.subject.includes(' at '))).toEqual([]);
    // A webhook delivered again raises nothing new.
    await t.runSchedules('reconcile-card-balances');
    expect((await alertsOf(jar, '?unread=true')).meta.total).toBe(5);
  });

  it('raises a decline with its reason once, and mails it by default', async () => {
    const email = 'declined-alert@example.com';
    const { jar, cardId, buy } = await spendable(email, 1000);
    const refused = await buy(1001, 'amazon');
    expect(refused.json()).toMatchObject({ outcome: 'declined' });
    const [decline] = (await alertsOf(jar, '?unread=true')).items;
    expect(decline).toMatchObject({ kind: 'card_decline', link: `/cards/${cardId}` });
    expect(decline?.title).toMatch(/^Declined: \$10\.01 at /);
    expect(decline?.body).toContain('was declined: Insufficient balance to pay the merchant charge.');
    expect((await t.smtp.latest(email, 'Declined: $10.01')).text).toContain('Insufficient balance');
    await t.runSchedules();
    expect((await alertsOf(jar, '?unread=true')).meta.total).toBe(1);
  });

  it('marks one read and then all, and keeps another user out (404)', async () => {
    const { jar, buy } = await spendable('reader@example.com', 3000);
    await buy(100);
    await buy(200);
    const [first, second] = (await alertsOf(jar, '?unread=true')).items;
    const read = await t.request('POST', `/api/alerts/${first?.id}/read`, { jar });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await t.request('GET', '/api/alerts/unread-count', { jar })).json()).toEqual({ unread: 1 });
    expect((await alertsOf(jar, '?unread=true')).items.map((alert) => alert.id)).toEqual([second?.id]);

    const stranger = await t.signUpVerified('stranger@example.com');
    for (const id of [second?.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const foreign = await t.request('POST', `/api/alerts/${id}/read`, { jar: stranger.jar });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Alert not found.');
    }
    expect((await alertsOf(stranger.jar)).items).toEqual([]);
    expect((await t.request('GET', '/api/alerts/unread-count', { jar })).json()).toEqual({ unread: 1 });

    const all = await t.request('POST', '/api/alerts/read-all', { jar });
    expect(all.json()).toMatchObject({ marked: 1 });
    expect((await alertsOf(jar)).unread).toBe(0);
  });

  it('refuses bad list input with a readable 400, and strangers with 401', async () => {
    const { jar } = await t.signUpVerified('bad-query@example.com');
    for (const query of ['?page=0', '?pageSize=51', '?page=x', '?unread=maybe']) {
      const response = await t.request('GET', `/api/alerts${query}`, { jar });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/page|unread/);
    }
    expect((await t.request('GET', '/api/alerts')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/events')).statusCode).toBe(401);
  });
});

describe('alerts for top-ups', () => {
  it('says a paid-short top-up was credited in part and what to do about the rest', async () => {
    const email = 'short@example.com';
    const { jar } = await t.signUpVerified(email);
    const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })).json();
    await payInSandbox(t, deposit.paymentUrl, 'wrong_amount', '30.00');
    const [alert] = (await alertsOf(jar)).items;
    expect(alert).toMatchObject({ kind: 'top_up_credited', title: 'Top-up paid short: $30.00 credited' });
    expect(alert?.body).toContain('start a new top-up for it');
    expect(alert?.body).toContain('$20.00');
    expect((await t.smtp.latest(email, 'Top-up paid short')).text).toContain('$50.00 asked');
  });

  it('says a paid-over top-up was credited in full with nothing to do', async () => {
    const { jar } = await fundedUser(t, 'over@example.com', 0);
    const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 2000 })).json();
    await payInSandbox(t, deposit.paymentUrl, 'paid_over', '25.00');
    const [alert] = (await alertsOf(jar)).items;
    expect(alert).toMatchObject({ title: 'Top-up paid over: $25.00 credited', link: '/dashboard' });
    expect(alert?.body).toContain('Nothing more to do');
  });
});

describe('e-mail preferences', () => {
  it('answers the defaults, keeps a choice, and mails by it', async () => {
    const email = 'chooser@example.com';
    const { jar, buy, refund } = await spendable(email, 5000);
    const defaults = (await t.request('GET', '/api/alerts/preferences', { jar })).json();
    expect(defaults.email).toMatchObject({ card_purchase: false, card_refund: true, new_device_sign_in: true });
    expect(defaults.alwaysMailed).toEqual([
      'new_device_sign_in',
      'card_revealed',
      'card_frozen_by_admin',
      'card_unlocked',
    ]);

    const saved = await t.request('PUT', '/api/alerts/preferences', {
      jar,
      body: { email: { card_purchase: true, card_refund: false, card_revealed: false } },
    });
    expect(saved.statusCode).toBe(200);
    // Security alerts stay mailed whatever is asked, and the ask is not even kept.
    expect(saved.json().email).toMatchObject({ card_purchase: true, card_refund: false, card_revealed: true });
    expect(await countRows(t, 'alert_preferences', sql`email ? 'card_revealed'`)).toBe(0);
    expect(await countRows(t, 'alert_preferences', sql`email ? 'card_refund'`)).toBe(1);
    const again = await t.request('PUT', '/api/alerts/preferences', { jar, body: { email: { card_decline: false } } });
    expect(again.json().email).toMatchObject({ card_purchase: true, card_refund: false, card_decline: false });

    const bought = await buy(1234, 'netflix');
    await refund(bought.json().reference);
    expect((await t.smtp.latest(email, '$12.34 at NETFLIX')).text).toContain('NETFLIX');
    await t.smtp.settle();
    expect(t.smtp.mails.filter((mail) => mail.to === email && mail.subject.includes('Refund'))).toEqual([]);
    expect((await alertsOf(jar)).items[0]?.kind).toBe('card_refund');
  });

  it('refuses unknown kinds and values that are not true or false, and changes nothing', async () => {
    const { jar, user } = await t.signUpVerified('bad-choice@example.com');
    const bodies = [{ email: { card_purchase: 'yes' } }, { email: { sms_everything: true } }, { email: null }, {}];
    for (const body of bodies) {
      const response = await t.request('PUT', '/api/alerts/preferences', { jar, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message.length).toBeGreaterThan(5);
    }
    expect(await countRows(t, 'alert_preferences', sql`user_id = ${user._id}`)).toBe(0);
  });
});

describe('security alerts', () => {
  it('alerts on a card frozen by support and on a sign-in from a device the account has not seen', async () => {
    const email = 'frozen@example.com';
    const { jar, cardId } = await userWithCard(t, email);
    const admin = new CookieJar();
    await signInThroughTwoFactor(t, admin, ADMIN.email, ADMIN.password);
    expect((await t.request('PATCH', `/api/admin/cards/${cardId}/freeze`, { jar: admin })).statusCode).toBe(200);
    const [frozen] = (await alertsOf(jar)).items;
    expect(frozen).toMatchObject({ kind: 'card_frozen_by_admin', title: 'Your card was frozen by support' });
    expect((await t.smtp.latest(email, 'Your card was frozen by support')).text).toContain('contact support');

    // A browser without this account's device proof is a new device; the same browser again is not.
    const elsewhere = new CookieJar();
    const login = await t.request('POST', '/api/auth/login', {
      jar: elsewhere,
      body: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const [signIn] = (await alertsOf(jar)).items;
    expect(signIn).toMatchObject({ kind: 'new_device_sign_in', link: '/profile-settings' });
    expect(await t.smtp.latest(email, 'New sign-in to your account')).toBeTruthy();
    await t.request('POST', '/api/auth/login', { jar: elsewhere, body: { email, password: STRONG_PASSWORD } });
    expect(
      await countRows(
        t,
        'alerts',
        sql`kind = 'new_device_sign_in' and user_id = (select id from users where email = ${email})`,
      ),
    ).toBe(1);
  });

  it('folds the card-details mail into a card_revealed alert', async () => {
    const email = 'revealer@example.com';
    const { jar, cardId } = await userWithCard(t, email);
    await stepUp(t, jar);
    expect((await t.request('GET', `/api/cards/${cardId}/private`, { jar })).statusCode).toBe(200);
    const [revealed] = (await alertsOf(jar)).items;
    expect(revealed).toMatchObject({ kind: 'card_revealed', title: 'Card details shown: Everyday' });
    expect((await t.smtp.latest(email, 'Your card details were shown')).text).toContain('were just shown');
  });
});

describe('card unlocked: an unfreeze by the owner', () => {
  const FIREFOX = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0' };
  const ofUser = (email: string) => sql`user_id = (select id from users where email = ${email})`;
  const unlocked = (email: string) => countRows(t, 'alerts', sql`kind = 'card_unlocked' and ${ofUser(email)}`);
  const mailsTo = (email: string) => t.smtp.mails.filter((mail) => mail.to === email).length;

  it('tells the owner at once, by a mail they cannot switch off, which card was unfrozen, from where and when', async () => {
    const email = 'unfreezer@example.com';
    const { jar, cardId } = await userWithCard(t, email);
    const card = await cardOf(t, jar, cardId);
    // A thief would switch every mail off first.
    const off = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, false]));
    expect((await t.request('PUT', '/api/alerts/preferences', { jar, body: { email: off } })).statusCode).toBe(200);
    expect((await t.request('PATCH', `/api/cards/${cardId}/freeze`, { jar })).statusCode).toBe(200);
    expect(await unlocked(email)).toBe(0);

    const unfrozen = await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, {
      jar,
      headers: FIREFOX,
      ip: '198.51.100.23',
    });
    expect(unfrozen.statusCode).toBe(200);
    const [alert] = (await alertsOf(jar)).items;
    expect(alert).toMatchObject({
      kind: 'card_unlocked',
      title: 'Card unfrozen: Everyday',
      link: `/cards/${cardId}`,
      readAt: null,
      body: `Your card Everyday (•••• ${card.last4Digits}) was unfrozen on Firefox on Linux, from Network 198.51.100.x; it can be used for purchases again. If this was not you, freeze the card on its page now, then sign out your other sessions and change your password in Profile Settings.`,
    });
    const mail = await t.smtp.latest(email, 'Card unfrozen: Everyday');
    expect(mail.text).toContain('was unfrozen on Firefox on Linux, from Network 198.51.100.x');
    expect(mail.text).toMatch(/This happened at \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\./);
    expect(mail.text).toContain('sign out your other sessions and change your password');
    expect(mail.text).toContain(`/cards/${cardId}`);
    // Written with the unfreeze it reports.
    expect(await countRows(t, 'audit_log', sql`action = 'card.unfrozen' and details->>'cardId' = ${cardId}`)).toBe(1);

    // Unfreezing a card that is already active changes nothing, so it says nothing.
    expect((await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar })).statusCode).toBe(200);
    expect(await unlocked(email)).toBe(1);
  });

  it("raises nothing for a refused unfreeze or for support lifting its block, and nothing on another user's card", async () => {
    const email = 'blocked-owner@example.com';
    const { jar, cardId } = await userWithCard(t, email);
    const admin = new CookieJar();
    await signInThroughTwoFactor(t, admin, ADMIN.email, ADMIN.password);
    expect((await t.request('PATCH', `/api/admin/cards/${cardId}/freeze`, { jar: admin })).statusCode).toBe(200);
    await t.smtp.latest(email, 'Your card was frozen by support');
    await t.smtp.settle();
    const before = {
      alerts: await countRows(t, 'alerts', ofUser(email)),
      audits: await countRows(t, 'audit_log', sql`action = 'card.unfrozen'`),
      mails: mailsTo(email),
    };

    const refused = await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar });
    expect(refused.statusCode).toBe(403);
    const stranger = await t.signUpVerified('unfreeze-stranger@example.com');
    const foreign = await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar: stranger.jar });
    expect(foreign.statusCode).toBe(404);
    await t.smtp.settle();
    expect({
      alerts: await countRows(t, 'alerts', ofUser(email)),
      audits: await countRows(t, 'audit_log', sql`action = 'card.unfrozen'`),
      mails: mailsTo(email),
    }).toEqual(before);
    expect(await countRows(t, 'alerts', ofUser('unfreeze-stranger@example.com'))).toBe(0);
    expect((await cardOf(t, jar, cardId)).status).toBe('frozen');

    // Support lifting its own block is support's doing, recorded by the admin console: not this alert.
    const lifted = await t.request('PATCH', `/api/admin/cards/${cardId}/unfreeze`, { jar: admin });
    expect(lifted.statusCode).toBe(200);
    expect((await cardOf(t, jar, cardId)).status).toBe('active');
    expect(await unlocked(email)).toBe(0);
  });
});
