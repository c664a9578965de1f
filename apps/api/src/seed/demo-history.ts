import { and, eq, isNull, not, or, sql } from 'drizzle-orm';
import { auditLog, cardOperations, cards, deposits, type UserRow, users } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { audit } from '../modules/audit/audit.js';
import { loadCard } from '../modules/cards/card-money.service.js';
import { createCard } from '../modules/cards/cards.service.js';
import { applyProviderState } from '../modules/deposits/apply-provider-state.js';
import { createDeposit } from '../modules/deposits/deposits.service.js';
import type { SandboxBooks } from '../providers/issuing/sandbox-books.js';
import { paySandboxInvoiceQuietly } from '../providers/payments/sandbox-settle.js';
import { DEMO_CARD, DEMO_LOAD, DEMO_PURCHASES, DEMO_TOP_UPS } from './demo-history-plan.js';

const DAY_MS = 24 * 60 * 60_000;
const SEED_KEY_PREFIX = 'demo-seed:';
/** How long after its invoice each seeded top-up is paid. */
const PAYMENT_DELAY_MS = 4 * 60_000;

export type DemoHistoryOutcome =
  | 'added'
  | 'already-added'
  /** Someone has used the demo account: their history is theirs, nothing is added to it. */
  | 'user-has-history'
  | 'not-available'
  /** A provider did not answer (or the card is still being issued): the next start carries on where this one stopped. */
  | 'unfinished';

/** The same services with the clock at `at`: what the app records as the time of a top-up and of its payment. */
const at = (deps: Deps, time: Date): Deps => ({ ...deps, now: () => time });

/**
 * Gives the demo user a history (decision 024) through the same paths real users' money takes: top-ups created with
 * the payment provider and credited from its answer by the deposit path, then a card created, loaded and spent with at
 * the card issuer, whose webhooks the app records. Only with the sandbox providers, which create that money.
 *
 * Every step is keyed, so a start that stopped half-way is finished by the next one and nothing is done twice; once
 * complete, an audit entry marks it and later starts stop at that one read.
 */
export async function seedDemoHistory(
  deps: Deps,
  email: string,
  /** Runs the jobs the steps queue (the engine's drain), since the seed waits for each step's outcome. */
  runJobs: () => Promise<unknown>,
): Promise<DemoHistoryOutcome> {
  const books = deps.sandboxIssuer;
  if (deps.config.PAYMENTS_PROVIDER !== 'sandbox' || !books) return 'not-available';
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user) return 'not-available';
  const [marker] = await deps.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'seed.demo_history_added'), eq(auditLog.targetUserId, user.id)))
    .limit(1);
  if (marker) return 'already-added';
  if (await hasOwnHistory(deps, user.id)) return 'user-has-history';

  for (const [index, topUp] of DEMO_TOP_UPS.entries()) {
    // Never before the account existed (a demo user from an earlier version is younger than the story).
    const story = deps.now().getTime() - topUp.daysAgo * DAY_MS - topUp.minutes * 60_000;
    const createdAt = new Date(Math.max(story, user.createdAt.getTime() + (index + 1) * 10 * 60_000));
    const created = await createDeposit(
      at(deps, createdAt),
      user,
      { currency: topUp.currency, network: topUp.network, amountInUsd: topUp.amount },
      topUp.key,
    );
    if (created.status !== 'PENDING') continue;
    const [row] = await deps.db.select().from(deposits).where(eq(deposits.id, created._id));
    if (!row) return 'unfinished';
    await paySandboxInvoiceQuietly(deps.db, row.orderId);
    const paidAt = new Date(Math.min(createdAt.getTime() + PAYMENT_DELAY_MS, deps.now().getTime()));
    await applyProviderState(at(deps, paidAt), await deps.payments.getInvoice(row.orderId));
  }

  const owner = await withCardholder(deps, books, user, runJobs);
  if (!owner) return 'unfinished';
  const context = { ip: 'demo-seed', userAgent: null };
  const { card } = await createCard(deps, owner, { name: DEMO_CARD.name, pin: DEMO_CARD.pin }, DEMO_CARD.key, context);
  if (card.status !== 'active') return 'unfinished';
  await loadCard(deps, owner, card._id, { amount: DEMO_LOAD.amount, includesFee: false }, DEMO_LOAD.key);
  await runJobs();
  // The issuer's back office completes the load now rather than after its usual moment, and tells the app.
  await books.completeDue(new Date(deps.now().getTime() + deps.config.SANDBOX_ISSUER_SETTLE_MS + 1000));
  await books.deliverDue();
  await runJobs();
  const [load] = await deps.db
    .select({ status: cardOperations.status })
    .from(cardOperations)
    .where(and(eq(cardOperations.userId, owner.id), eq(cardOperations.idempotencyKey, DEMO_LOAD.key)));
  const [issued] = await deps.db.select({ issuerCardId: cards.issuerCardId }).from(cards).where(eq(cards.id, card._id));
  if (load?.status !== 'completed' || !issued?.issuerCardId) return 'unfinished';

  // Purchases happen at the issuer, which has no idempotency key for them: the ones already made are counted.
  const made = (await books.simulatorView(issued.issuerCardId))?.purchases.length ?? 0;
  for (const purchase of DEMO_PURCHASES.slice(made)) {
    const outcome = await books.purchase(issued.issuerCardId, purchase);
    if (outcome.outcome !== 'successful') return 'unfinished';
  }

  await audit(deps.db, {
    action: 'seed.demo_history_added',
    targetUserId: user.id,
    details: { topUps: DEMO_TOP_UPS.length, cardId: card._id, purchases: DEMO_PURCHASES.length },
  });
  return 'added';
}

/** Top-ups or cards the seed did not make: the account has been used. */
async function hasOwnHistory(deps: Deps, userId: string): Promise<boolean> {
  const notSeeded = (column: typeof deposits.idempotencyKey | typeof cards.idempotencyKey) =>
    or(isNull(column), not(sql`${column} like ${`${SEED_KEY_PREFIX}%`}`));
  const [deposit] = await deps.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), notSeeded(deposits.idempotencyKey)))
    .limit(1);
  if (deposit) return true;
  const [card] = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, userId), notSeeded(cards.idempotencyKey)))
    .limit(1);
  return card !== undefined;
}

/**
 * The user with their issuer cardholder: the verification the seed submitted is registered now if its job has not
 * run, and the sandbox issuer's back office decides it now rather than after its usual moment and tells the app.
 */
async function withCardholder(
  deps: Deps,
  books: SandboxBooks,
  user: UserRow,
  runJobs: () => Promise<unknown>,
): Promise<UserRow | null> {
  if (user.cardholderId) return user;
  await runJobs();
  await books.completeDue(new Date(deps.now().getTime() + deps.config.SANDBOX_ISSUER_SETTLE_MS + 1000));
  await books.deliverDue();
  await runJobs();
  const [fresh] = await deps.db.select().from(users).where(eq(users.id, user.id));
  return fresh?.cardholderId ? fresh : null;
}
