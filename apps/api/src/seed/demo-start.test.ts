import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { expectLedgerInvariants } from '../test/ledger-invariants.js';
import {
  freePort,
  HttpClient,
  killAllServerProcesses,
  type ServerProcess,
  startServerProcess,
} from '../test/server-process.js';
import { DEMO_CARD, DEMO_LOAD, DEMO_PURCHASES, DEMO_TOP_UPS } from './demo-history-plan.js';
import { DEMO_ADMIN, DEMO_USER } from './ensure-users.js';

const dataDir = mkdtempSync(join(tmpdir(), 'coincard-demo-start-'));

afterAll(async () => {
  await killAllServerProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start` with no settings: the embedded default, in demo mode, seeding the demo logins. */
async function startEmbedded(port: number): Promise<ServerProcess> {
  return startServerProcess({
    port,
    env: { DATA_DIR: dataDir, SEED_DEMO: '', LOG_LEVEL: 'warn' },
    readyLine: 'CoinCard is running',
  });
}

type Seen = {
  balance: number;
  topUps: { amount: number; currency: string; status: string; day: string }[];
  cards: { name: string; balance: number; status: string }[];
  cardHistory: { type: string; amount: number; description: string }[];
  admin: { totalFunds: number; totalPaidInvoices: number; totalCards: number; demoLoad: number | undefined };
};

/** What the demo user and the admin see over HTTP, as a browser would ask for it. */
async function whatTheySee(server: ServerProcess): Promise<Seen> {
  const origin = { origin: server.url };
  const demo = new HttpClient();
  const signedIn = await demo.send(server.url, 'POST', '/api/auth/login', DEMO_USER, origin);
  expect(signedIn.status).toBe(200);
  const me = (await demo.send(server.url, 'GET', '/api/user')).json as { balance: number };
  const topUps = (await demo.send(server.url, 'GET', '/api/transactions')).json as {
    transactions: { amount: number; currency: string; status: string; createdAt: string }[];
  };
  const cards = (await demo.send(server.url, 'GET', '/api/cards')).json as {
    _id: string;
    name: string;
    balance: number;
    status: string;
  }[];
  const history = cards[0]
    ? ((await demo.send(server.url, 'GET', `/api/cards/${cards[0]._id}/transactions?page_no=1`)).json as {
        transactions: { card_transaction_type: string; amount: number; description: string }[];
      })
    : { transactions: [] };

  // Administrators always sign in with a second factor: the code arrives in the dev outbox.
  const admin = new HttpClient();
  const challenge = (await admin.send(server.url, 'POST', '/api/auth/login', DEMO_ADMIN, origin)).json as {
    userId: string;
  };
  const outbox = (await admin.send(server.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(DEMO_ADMIN.email)}`))
    .json as { mails: { subject: string; text: string; createdAt: string }[] };
  const newest = outbox.mails
    .filter((mail) => mail.subject.includes('sign-in code'))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const code = newest?.text.match(/\b\d{6}\b/)?.[0];
  const verified = await admin.send(
    server.url,
    'POST',
    '/api/auth/2fa/verify',
    { code, userId: challenge.userId },
    origin,
  );
  expect(verified.status).toBe(200);
  const stats = (await admin.send(server.url, 'GET', '/api/admin/stats/dashboard')).json as {
    totalFunds: number;
    totalPaidInvoices: number;
    totalCards: number;
    top5Users: { email: string; accountLoad: number }[];
  };

  return {
    balance: me.balance,
    topUps: topUps.transactions.map((t) => ({
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      day: t.createdAt.slice(0, 10),
    })),
    cards: cards.map((card) => ({ name: card.name, balance: card.balance, status: card.status })),
    cardHistory: history.transactions.map((t) => ({
      type: t.card_transaction_type,
      amount: t.amount,
      description: t.description,
    })),
    admin: {
      totalFunds: stats.totalFunds,
      totalPaidInvoices: stats.totalPaidInvoices,
      totalCards: stats.totalCards,
      demoLoad: stats.top5Users.find((user) => user.email === DEMO_USER.email)?.accountLoad,
    },
  };
}

describe('the embedded default gives the demo user a history', () => {
  it('shows top-ups on different days, a card and its purchases; a restart adds nothing', async () => {
    const port = await freePort();
    const first = await startEmbedded(port);
    const seen = await whatTheySee(first);
    await first.stop();

    const toppedUp = DEMO_TOP_UPS.reduce((sum, topUp) => sum + topUp.amount, 0);
    const spent = DEMO_PURCHASES.reduce((sum, purchase) => sum + purchase.amount, 0);
    const loadFee = Math.ceil((DEMO_LOAD.amount * 5) / 100) + 100;
    expect(seen.balance).toBe(toppedUp - 1500 - DEMO_LOAD.amount - loadFee);
    expect(seen.topUps).toHaveLength(DEMO_TOP_UPS.length);
    expect(new Set(seen.topUps.map((t) => t.currency))).toEqual(new Set(DEMO_TOP_UPS.map((t) => t.currency)));
    expect(new Set(seen.topUps.map((t) => t.day)).size).toBe(DEMO_TOP_UPS.length);
    expect(seen.topUps.every((t) => t.status === 'PAID')).toBe(true);
    expect(seen.cards).toEqual([{ name: DEMO_CARD.name, balance: DEMO_LOAD.amount - spent, status: 'active' }]);
    // The history is the issuer's: its funding credit and each purchase at a merchant.
    expect(seen.cardHistory.filter((t) => t.type === 'DEBIT')).toHaveLength(DEMO_PURCHASES.length);
    expect(seen.cardHistory.filter((t) => t.type === 'CREDIT').map((t) => t.amount)).toEqual([DEMO_LOAD.amount]);
    expect(seen.cardHistory.map((t) => t.description)).toContain('NETFLIX.COM LOS GATOS US');
    // The admin figures count the same money the user sees.
    expect(seen.admin).toEqual({
      totalFunds: toppedUp,
      totalPaidInvoices: DEMO_TOP_UPS.length,
      totalCards: 1,
      demoLoad: toppedUp,
    });

    const second = await startEmbedded(port);
    expect(await whatTheySee(second)).toEqual(seen);
    await second.stop();

    const database = await openDatabase({ dataDir });
    try {
      await expectLedgerInvariants(database.db);
    } finally {
      await database.close();
    }
  }, 180_000);
});
