import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  sandboxIssuerCardholders,
  sandboxIssuerCards,
  sandboxIssuerOperations,
  sandboxIssuerTransactions,
  sandboxIssuerWebhooks,
} from '../../db/schema/index.js';
import { hmacSha256 } from '../../lib/crypto.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  AUTHORIZATION_TIMEOUT_MS,
  AUTHORIZATION_TIMESTAMP_HEADER,
  type AuthorizationAnswer,
  type AuthorizationWire,
  signAuthorization,
} from './authorization-signature.js';
import { decryptPin } from './pin-cipher.js';
import { findMerchant, type SandboxMerchant } from './sandbox-merchants.js';

export type SandboxIssuerOptions = {
  db: Database;
  now: () => Date;
  logger: { warn: (obj: object, msg: string) => void };
  /** The issuer secret key PINs are encrypted with (docs/card-issuer-protocol.md). */
  secretKey: string;
  webhookSecret: string;
  /** Seals card numbers, CVVs and PINs at rest. */
  box: SealedBox;
  /** One fund or unload per card per this many seconds. */
  windowSeconds: number;
  /** How long a fund or unload takes to complete. */
  settleMs: number;
  /** Where webhooks go: the app's /api/webhooks/issuing. */
  webhookUrl: () => string;
  /** Signs the authorization requests the sandbox sends before each purchase (decision 033). */
  authorizationSecret: string;
  /** Where they go: the app's /api/issuing/authorizations. */
  authorizationUrl: () => string;
  /** Public address of the app, for merchant logo links. */
  appUrl: string;
};

/** A refusal the sandbox answers with an HTTP status, as the real issuer would. */
export class SandboxRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

type Card = typeof sandboxIssuerCards.$inferSelect;
type Transaction = typeof sandboxIssuerTransactions.$inferSelect;

const PAGE_SIZE = 20;
const WEBHOOK_LEASE_MS = 30_000;
/** A test BIN: the sandbox's numbers pass Luhn but belong to no real card. */
const TEST_BIN = '555544';

const hexId = () => randomBytes(16).toString('hex');
const pad = (n: number) => String(n).padStart(2, '0');
/** The issuer's date format: "2026-11-22 14:05:09", UTC. */
const issuerDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

/** A 16-digit number with the test BIN and a valid Luhn check digit. */
export function luhnCardNumber(): string {
  let body = TEST_BIN;
  while (body.length < 15) body += String(randomInt(0, 10));
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Counting from the right of the full number, the check digit is position 1: double every second one before it.
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The default when the card program does not answer an authorization in time (decision 033). */
export const NO_ANSWER_REASON = 'The card program did not answer in time';

const REFUSED_REASON = 'The identity document number does not match the name and date of birth given.';
const MORE_INFORMATION_REASON =
  'The identity document could not be confirmed from the details given: its type, number or issuing country does not match our records.';

/** The sandbox's test values for an identity check, read from the registered `identity.id_no`. */
function decideIdentity(sealedJson: string): {
  status: 'VERIFIED' | 'FAILED' | 'MORE_INFORMATION_REQUIRED';
  reason: string | null;
} {
  let number = '';
  try {
    const details = JSON.parse(sealedJson) as { identity?: { id_no?: unknown } };
    number = String(details.identity?.id_no ?? '');
  } catch {
    number = '';
  }
  if (number.endsWith('0000')) return { status: 'FAILED', reason: REFUSED_REASON };
  if (number.endsWith('1111')) return { status: 'MORE_INFORMATION_REQUIRED', reason: MORE_INFORMATION_REASON };
  return { status: 'VERIFIED', reason: null };
}

export function createSandboxBooks(options: SandboxIssuerOptions) {
  const { db, box } = options;
  const available = (card: Card) => card.bookBalance - card.reserved;

  async function findCard(cardId: string): Promise<Card> {
    const [card] = await db.select().from(sandboxIssuerCards).where(eq(sandboxIssuerCards.id, cardId));
    if (!card) throw new SandboxRefusal(400, 'Invalid card_id: no such card.');
    return card;
  }

  async function getCardholder(id: string) {
    const [holder] = await db.select().from(sandboxIssuerCardholders).where(eq(sandboxIssuerCardholders.id, id));
    if (!holder) throw new SandboxRefusal(400, 'Invalid cardholder_id: no such cardholder.');
    return holder;
  }

  function webhookRow(event: string, data: Record<string, unknown>): typeof sandboxIssuerWebhooks.$inferInsert {
    const now = options.now();
    return { id: randomUUID(), event, body: JSON.stringify({ event, data }), nextAttemptAt: now, createdAt: now };
  }

  async function queueWebhook(executor: Pick<Database, 'insert'>, event: string, data: Record<string, unknown>) {
    await executor.insert(sandboxIssuerWebhooks).values(webhookRow(event, data));
  }

  /** Sends every webhook that is due, outside any transaction (the app handles them over HTTP, maybe in-process). */
  async function deliverDue(): Promise<number> {
    const now = options.now();
    const due = await db
      .update(sandboxIssuerWebhooks)
      .set({ nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
      .where(
        sql`${sandboxIssuerWebhooks.id} in (
          select id from sandbox_issuer_webhooks
          where delivered_at is null and next_attempt_at <= ${now.toISOString()}
          order by created_at limit 50 for update skip locked)`,
      )
      .returning();
    due.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // One card's (or cardholder's) webhooks go in the order they happened; different cards' go side by side.
    const bySubject = new Map<string, typeof due>();
    for (const webhook of due) {
      const subject = subjectOf(webhook.body);
      bySubject.set(subject, [...(bySubject.get(subject) ?? []), webhook]);
    }
    const sent = await Promise.all(
      [...bySubject.values()].map(async (webhooks) => {
        const ends: { webhook: (typeof due)[number]; ok: boolean }[] = [];
        for (const webhook of webhooks) ends.push({ webhook, ok: await send(webhook) });
        return ends;
      }),
    );
    const ends = sent.flat();
    const deliveredIds = ends.filter((end) => end.ok).map((end) => end.webhook.id);
    if (deliveredIds.length > 0) {
      await db
        .update(sandboxIssuerWebhooks)
        .set({ deliveredAt: options.now(), attempts: sql`${sandboxIssuerWebhooks.attempts} + 1` })
        .where(inArray(sandboxIssuerWebhooks.id, deliveredIds));
    }
    for (const { webhook } of ends.filter((end) => !end.ok)) {
      const attempts = webhook.attempts + 1;
      await db
        .update(sandboxIssuerWebhooks)
        .set({ attempts, nextAttemptAt: new Date(options.now().getTime() + Math.min(2 ** attempts, 600) * 1000) })
        .where(eq(sandboxIssuerWebhooks.id, webhook.id));
    }
    return deliveredIds.length;
  }

  /** Whose webhook it is: the card's, else the cardholder's. */
  function subjectOf(body: string): string {
    try {
      const { data } = JSON.parse(body) as { data?: { card_id?: unknown; cardholder_id?: unknown } };
      return String(data?.card_id ?? data?.cardholder_id ?? '');
    } catch {
      return '';
    }
  }

  async function send(webhook: typeof sandboxIssuerWebhooks.$inferSelect): Promise<boolean> {
    let ok = false;
    try {
      const response = await fetch(options.webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-signature': hmacSha256(options.webhookSecret, webhook.body),
        },
        body: webhook.body,
        signal: AbortSignal.timeout(15_000),
      });
      ok = response.ok;
      if (!ok) options.logger.warn({ status: response.status, event: webhook.event }, 'sandbox issuer webhook refused');
    } catch (error) {
      options.logger.warn({ err: error, event: webhook.event }, 'sandbox issuer webhook could not be delivered');
    }
    return ok;
  }

  /**
   * Decides the identity checks due by `asOf`, as an issuer's KYC would, with sandbox test values: a document number
   * ending in 0000 is refused, one ending in 1111 needs more information, any other passes. Then tells the app.
   */
  async function decideCardholders(asOf: Date): Promise<number> {
    const now = options.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(sandboxIssuerCardholders)
        .where(and(eq(sandboxIssuerCardholders.status, 'PENDING'), lte(sandboxIssuerCardholders.decideAt, asOf)))
        .orderBy(asc(sandboxIssuerCardholders.decideAt))
        .limit(50)
        .for('update', { skipLocked: true });
      for (const holder of due) {
        const decision = decideIdentity(holder.detailsSealed ? box.open(holder.detailsSealed) : '{}');
        await tx
          .update(sandboxIssuerCardholders)
          .set({ status: decision.status, reason: decision.reason, decidedAt: now })
          .where(eq(sandboxIssuerCardholders.id, holder.id));
        const data = { cardholder_id: holder.id, is_active: true, livemode: false, issuing_app_id: 'sandbox' };
        if (decision.status === 'VERIFIED') await queueWebhook(tx, 'cardholder_verification.successful', data);
        else
          await queueWebhook(tx, 'cardholder_verification.failed', {
            ...data,
            error_description: decision.reason,
            ...(decision.status === 'MORE_INFORMATION_REQUIRED' ? { needs_more_information: true } : {}),
          });
      }
      return due.length;
    });
  }

  /** Completes the funds and unloads due by `asOf` (now, unless the back office fast-forwards), then tells the app. */
  async function completeDue(asOf: Date = options.now()): Promise<number> {
    const now = options.now();
    const decided = await decideCardholders(asOf);
    const completed = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(sandboxIssuerOperations)
        .where(and(eq(sandboxIssuerOperations.status, 'PENDING'), lte(sandboxIssuerOperations.completeAt, asOf)))
        .orderBy(asc(sandboxIssuerOperations.acceptedAt))
        .limit(50)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      // The round's cards locked at once, in one order; each card's balances then change in memory, op by op, and
      // are written once: a round is a handful of statements however many movements it completes.
      const locked = await tx
        .select()
        .from(sandboxIssuerCards)
        .where(inArray(sandboxIssuerCards.id, [...new Set(due.map((operation) => operation.cardId))]))
        .orderBy(asc(sandboxIssuerCards.id))
        .for('update');
      const cardsById = new Map(locked.map((card) => [card.id, { ...card }]));
      const ended: { reference: string; fails: boolean }[] = [];
      const ledger: (typeof sandboxIssuerTransactions.$inferInsert)[] = [];
      const webhooks: (typeof sandboxIssuerWebhooks.$inferInsert)[] = [];
      for (const operation of due) {
        const card = cardsById.get(operation.cardId);
        if (!card) continue;
        const fails = card.isDeleted;
        const reason = fails ? 'The card was deleted before the transaction completed.' : null;
        if (operation.kind === 'fund' && !fails) card.bookBalance += operation.amount;
        if (operation.kind === 'unload') {
          card.reserved -= operation.amount;
          if (!fails) card.bookBalance -= operation.amount;
        }
        ended.push({ reference: operation.reference, fails });
        if (!fails) {
          ledger.push({
            id: hexId(),
            cardId: card.id,
            type: operation.kind === 'fund' ? 'CREDIT' : 'DEBIT',
            amount: operation.amount,
            description: operation.kind === 'fund' ? 'Card funding' : 'Card withdrawal',
            clientReference: operation.reference,
            createdAt: now,
          });
        }
        const family = operation.kind === 'fund' ? 'card_credit_event' : 'card_unload_event';
        webhooks.push(
          webhookRow(`${family}.${fails ? 'failed' : 'successful'}`, {
            card_id: card.id,
            cardholder_id: card.cardholderId,
            amount: String(operation.amount),
            currency: 'USD',
            transaction_reference: operation.reference,
            transaction_date: issuerDate(now),
            ...(fails ? { reason } : { card_transaction_type: operation.kind === 'fund' ? 'CREDIT' : 'DEBIT' }),
          }),
        );
      }
      const changed = [...cardsById.values()];
      await tx.execute(sql`
        update sandbox_issuer_cards as card set book_balance = changed.book_balance, reserved = changed.reserved
        from (select unnest(${`{${changed.map((card) => card.id).join(',')}}`}::text[]) as id,
                     unnest(${`{${changed.map((card) => card.bookBalance).join(',')}}`}::bigint[]) as book_balance,
                     unnest(${`{${changed.map((card) => card.reserved).join(',')}}`}::bigint[]) as reserved) as changed
        where card.id = changed.id`);
      for (const fails of [false, true]) {
        const references = ended.filter((end) => end.fails === fails).map((end) => end.reference);
        if (references.length === 0) continue;
        await tx
          .update(sandboxIssuerOperations)
          .set({
            status: fails ? 'FAILED' : 'SUCCESSFUL',
            reason: fails ? 'The card was deleted before the transaction completed.' : null,
            completedAt: now,
          })
          .where(inArray(sandboxIssuerOperations.reference, references));
      }
      if (ledger.length > 0) await tx.insert(sandboxIssuerTransactions).values(ledger);
      if (webhooks.length > 0) await tx.insert(sandboxIssuerWebhooks).values(webhooks);
      return due.length;
    });
    return decided + completed;
  }

  let timer: NodeJS.Timeout | undefined;
  /**
   * "Moments later": completes and delivers once the settle delay has passed. One timer at a time, never pushed back
   * by new work (under constant traffic a debounce would never fire); it re-arms while anything is still pending.
   * The sandbox-issuer-deliveries job catches whatever a stopped process left behind.
   */
  function settleSoon() {
    if (timer) return;
    timer = setTimeout(() => {
      completeDue()
        .then(deliverDue)
        .then(async () => {
          timer = undefined;
          const [pending] = await db
            .select({ n: count() })
            .from(sandboxIssuerOperations)
            .where(eq(sandboxIssuerOperations.status, 'PENDING'));
          const [undecided] = await db
            .select({ n: count() })
            .from(sandboxIssuerCardholders)
            .where(eq(sandboxIssuerCardholders.status, 'PENDING'));
          if ((pending?.n ?? 0) + (undecided?.n ?? 0) > 0) settleSoon();
        })
        .catch((error: unknown) => {
          timer = undefined;
          options.logger.warn({ err: error }, 'sandbox issuer could not settle');
        });
    }, options.settleMs);
    timer.unref();
  }

  /**
   * Asks the card program (the app) whether to approve a purchase, as an authorization-stream issuer does: signed,
   * answered within two seconds, declined by default when no valid answer comes (decision 033).
   */
  async function askForAuthorization(wire: AuthorizationWire): Promise<{ approved: boolean; reason: string | null }> {
    const body = JSON.stringify(wire);
    const timestamp = Math.floor(options.now().getTime() / 1000);
    try {
      const response = await fetch(options.authorizationUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [AUTHORIZATION_TIMESTAMP_HEADER]: String(timestamp),
          [AUTHORIZATION_SIGNATURE_HEADER]: signAuthorization(options.authorizationSecret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(AUTHORIZATION_TIMEOUT_MS),
      });
      if (response.ok) {
        const answer = (await response.json()) as Partial<AuthorizationAnswer>;
        if (answer.approved === true) return { approved: true, reason: null };
        if (answer.approved === false) {
          return { approved: false, reason: String(answer.decline_reason ?? 'Declined by the card program') };
        }
      }
      options.logger.warn({ status: response.status }, 'sandbox issuer got no usable authorization answer');
    } catch (error) {
      options.logger.warn({ err: error }, 'sandbox issuer got no authorization answer in time');
    }
    return { approved: false, reason: NO_ANSWER_REASON };
  }

  const logoUrl = (merchant: SandboxMerchant) =>
    merchant.hasLogo ? new URL(`/sandbox/issuing/logos/${merchant.slug}.svg`, options.appUrl).toString() : null;

  function toIssuerTransaction(row: Transaction) {
    const merchant = row.merchant;
    return {
      card_id: row.cardId,
      amount: String(row.amount),
      card_transaction_type: row.type,
      description: row.description,
      currency: 'USD',
      transaction_date: issuerDate(row.createdAt),
      transaction_timestamp: Math.floor(row.createdAt.getTime() / 1000),
      client_transaction_reference: row.clientReference,
      bridgecard_transaction_reference: row.id,
      merchant_category_code: merchant?.code ?? null,
      enriched_data: {
        is_recurring: merchant?.recurring ?? false,
        merchant_city: merchant?.city ?? null,
        merchant_code: merchant?.code ?? null,
        merchant_logo: merchant?.logo ?? null,
        merchant_name: merchant?.name ?? null,
        merchant_website: merchant?.website ?? null,
        transaction_category: merchant?.category ?? (row.type === 'CREDIT' ? 'Transfers' : 'Others'),
        transaction_group: merchant?.group ?? (row.type === 'CREDIT' ? 'Incoming Transfers' : 'Outgoing Transfers'),
      },
    };
  }

  return {
    /** What card secrets are sealed with: the re-seal job (modules/maintenance/reseal-secrets.ts) moves them on. */
    box: options.box,
    available,
    settleSoon,
    completeDue,
    deliverDue,

    /** Registers a cardholder whose identity is checked "moments later" (the settle delay), like the issuer's. */
    async registerCardholder(input: {
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      address: Record<string, unknown>;
      identity: Record<string, unknown>;
      metaData: Record<string, unknown>;
    }) {
      const id = hexId();
      const now = options.now();
      await db.insert(sandboxIssuerCardholders).values({
        id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        metaData: input.metaData,
        status: 'PENDING',
        detailsSealed: box.seal(
          JSON.stringify({ phone: input.phone, address: input.address, identity: input.identity }),
        ),
        decideAt: new Date(now.getTime() + options.settleMs),
        createdAt: now,
      });
      settleSoon();
      return id;
    },

    getCardholder,

    async createCard(input: { cardholderId: string; encryptedPin: string; reference: string }) {
      const [existing] = await db
        .select({ id: sandboxIssuerCards.id })
        .from(sandboxIssuerCards)
        .where(eq(sandboxIssuerCards.reference, input.reference));
      if (existing) return existing.id;
      const holder = await getCardholder(input.cardholderId);
      if (holder.status !== 'VERIFIED') {
        throw new SandboxRefusal(400, 'This cardholder has not passed identity verification.');
      }
      const pin = decryptPin(input.encryptedPin, options.secretKey);
      if (!pin || !/^\d{4}$/.test(pin))
        throw new SandboxRefusal(400, 'The pin must be 4 digits encrypted with your secret key.');
      const number = luhnCardNumber();
      const now = options.now();
      const id = hexId();
      const inserted = await db
        .insert(sandboxIssuerCards)
        .values({
          id,
          cardholderId: holder.id,
          reference: input.reference,
          numberSealed: box.seal(number),
          cvvSealed: box.seal(String(randomInt(0, 1000)).padStart(3, '0')),
          pinSealed: box.seal(pin),
          last4: number.slice(-4),
          expiryMonth: pad(now.getUTCMonth() + 1),
          expiryYear: String(now.getUTCFullYear() + 3),
          cardName: `${holder.firstName} ${holder.lastName}`.toUpperCase(),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxIssuerCards.id });
      if (inserted[0]) return inserted[0].id;
      // The same reference created a card at the same moment: answer that one.
      const [raced] = await db
        .select({ id: sandboxIssuerCards.id })
        .from(sandboxIssuerCards)
        .where(eq(sandboxIssuerCards.reference, input.reference));
      if (!raced) throw new SandboxRefusal(500, 'The card could not be created.');
      return raced.id;
    },

    async cardDetails(cardId: string) {
      const card = await findCard(cardId);
      return {
        card_id: card.id,
        card_number: box.open(card.numberSealed),
        cvv: box.open(card.cvvSealed),
        expiry_month: card.expiryMonth,
        expiry_year: card.expiryYear,
        card_name: card.cardName,
        card_type: 'virtual',
        brand: 'Mastercard',
        card_currency: 'USD',
        last_4: card.last4,
        is_active: card.isActive && !card.isDeleted,
        is_deleted: card.isDeleted,
        balance: String(available(card)),
        available_balance: String(available(card)),
        book_balance: String(card.bookBalance),
        pin_3ds_activated: true,
        cardholder_id: card.cardholderId,
      };
    },

    async cardBalance(cardId: string) {
      const card = await findCard(cardId);
      return {
        card_id: card.id,
        balance: String(available(card)),
        settled_available_balance: String(available(card)),
        settled_book_balance: String(card.bookBalance),
      };
    },

    /** Accepts a fund or unload for later completion, under the issuer's per-card window. */
    async acceptMove(kind: 'fund' | 'unload', input: { cardId: string; amount: number; reference: string }) {
      const now = options.now();
      const accepted = await db.transaction(async (tx) => {
        const [seen] = await tx
          .select()
          .from(sandboxIssuerOperations)
          .where(eq(sandboxIssuerOperations.reference, input.reference));
        if (seen) return false;
        const [card] = await tx
          .select()
          .from(sandboxIssuerCards)
          .where(eq(sandboxIssuerCards.id, input.cardId))
          .for('update');
        if (!card) throw new SandboxRefusal(400, 'Invalid card_id: no such card.');
        if (card.isDeleted) throw new SandboxRefusal(400, 'This card has been deleted.');
        // A freeze stops spending and funding; money can still be taken off a frozen card (to close it, say).
        if (kind === 'fund' && !card.isActive) throw new SandboxRefusal(400, 'This card is frozen.');
        const openAt = card.lastMoveAt ? card.lastMoveAt.getTime() + options.windowSeconds * 1000 : 0;
        if (openAt > now.getTime()) {
          const wait = Math.ceil((openAt - now.getTime()) / 1000);
          throw new SandboxRefusal(
            429,
            `This card can only be funded or unloaded once every ${Math.round(options.windowSeconds / 60)} minutes. Try again in ${wait} seconds.`,
            wait,
          );
        }
        if (kind === 'unload' && available(card) < input.amount) {
          throw new SandboxRefusal(400, 'Insufficient card balance for this unload.');
        }
        await tx
          .update(sandboxIssuerCards)
          .set({ lastMoveAt: now, ...(kind === 'unload' ? { reserved: card.reserved + input.amount } : {}) })
          .where(eq(sandboxIssuerCards.id, card.id));
        await tx.insert(sandboxIssuerOperations).values({
          reference: input.reference,
          cardId: card.id,
          kind,
          amount: input.amount,
          acceptedAt: now,
          completeAt: new Date(now.getTime() + options.settleMs),
        });
        return true;
      });
      if (accepted) settleSoon();
    },

    async operationStatus(cardId: string, reference: string) {
      const [operation] = await db
        .select()
        .from(sandboxIssuerOperations)
        .where(and(eq(sandboxIssuerOperations.reference, reference), eq(sandboxIssuerOperations.cardId, cardId)));
      if (!operation) throw new SandboxRefusal(404, 'No transaction with this reference on this card.');
      return operation.status;
    },

    async setFrozen(cardId: string, frozen: boolean) {
      const card = await findCard(cardId);
      if (card.isDeleted) throw new SandboxRefusal(400, 'This card has been deleted.');
      await db.update(sandboxIssuerCards).set({ isActive: !frozen }).where(eq(sandboxIssuerCards.id, card.id));
    },

    async updatePin(cardId: string, encryptedPin: string) {
      const card = await findCard(cardId);
      if (card.isDeleted) throw new SandboxRefusal(400, 'This card has been deleted.');
      const pin = decryptPin(encryptedPin, options.secretKey);
      if (!pin || !/^\d{4}$/.test(pin))
        throw new SandboxRefusal(400, 'The card_pin must be 4 digits encrypted with your secret key.');
      await db
        .update(sandboxIssuerCards)
        .set({ pinSealed: box.seal(pin) })
        .where(eq(sandboxIssuerCards.id, card.id));
    },

    async deleteCard(cardId: string) {
      const card = await findCard(cardId);
      if (card.isDeleted) return;
      const [pending] = await db
        .select({ n: count() })
        .from(sandboxIssuerOperations)
        .where(and(eq(sandboxIssuerOperations.cardId, card.id), eq(sandboxIssuerOperations.status, 'PENDING')));
      if (card.bookBalance > 0 || (pending?.n ?? 0) > 0) {
        throw new SandboxRefusal(400, 'Unload the card balance before deleting the card.');
      }
      await db
        .update(sandboxIssuerCards)
        .set({ isDeleted: true, isActive: false })
        .where(eq(sandboxIssuerCards.id, card.id));
    },

    async transactions(cardId: string, page: number) {
      await findCard(cardId);
      const [total] = await db
        .select({ n: count() })
        .from(sandboxIssuerTransactions)
        .where(eq(sandboxIssuerTransactions.cardId, cardId));
      const rows = await db
        .select()
        .from(sandboxIssuerTransactions)
        .where(eq(sandboxIssuerTransactions.cardId, cardId))
        .orderBy(desc(sandboxIssuerTransactions.createdAt), desc(sandboxIssuerTransactions.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE);
      const n = total?.n ?? 0;
      const pages = Math.max(1, Math.ceil(n / PAGE_SIZE));
      return {
        transactions: rows.map(toIssuerTransaction),
        meta: { total: n, pages, previous: page > 1 ? page - 1 : null, next: page < pages ? page + 1 : null },
      };
    },

    /** What a merchant's charge does at the issuer: approved or declined, then a webhook either way. */
    async purchase(cardId: string, input: { amount: number; merchantSlug: string; recurring: boolean }) {
      const merchant = findMerchant(input.merchantSlug);
      if (!merchant) throw new SandboxRefusal(400, 'Choose one of the listed merchants.');
      const now = options.now();
      const reference = hexId();
      const issuerRefusal = (card: Card) =>
        card.isDeleted
          ? 'Card has been deleted'
          : !card.isActive
            ? 'Card is frozen'
            : available(card) < input.amount
              ? 'Insufficient balance to pay the merchant charge'
              : null;
      // The issuer's own checks first; then the card program is asked, outside any transaction (its answer may take
      // up to the timeout, and the app may share this database); then the checks again under the card's lock.
      const [first] = await db.select().from(sandboxIssuerCards).where(eq(sandboxIssuerCards.id, cardId));
      if (!first) throw new SandboxRefusal(404, 'No such card at the sandbox issuer.');
      const program =
        issuerRefusal(first) === null
          ? await askForAuthorization({
              id: reference,
              card_id: first.id,
              amount: String(input.amount),
              currency: 'USD',
              merchant_name: merchant.name,
              merchant_category: merchant.category,
              merchant_category_code: merchant.code,
              created_at: Math.floor(now.getTime() / 1000),
            })
          : { approved: true, reason: null };
      const outcome = await db.transaction(async (tx) => {
        const [card] = await tx
          .select()
          .from(sandboxIssuerCards)
          .where(eq(sandboxIssuerCards.id, cardId))
          .for('update');
        if (!card) throw new SandboxRefusal(404, 'No such card at the sandbox issuer.');
        const base = {
          card_id: card.id,
          cardholder_id: card.cardholderId,
          amount: String(input.amount),
          currency: 'USD',
          description: merchant.description,
          merchant_category_code: merchant.code,
          transaction_date: issuerDate(now),
        };
        const declineReason = issuerRefusal(card) ?? (program.approved ? null : program.reason);
        if (declineReason) {
          // Bridgecard documents no reference on a decline; the sandbox sends one (the authorization's id), as
          // authorization-based issuers (Lithic, Stripe Issuing) do (docs/card-issuer-protocol.md).
          await queueWebhook(tx, 'card_debit_event.declined', {
            ...base,
            transaction_reference: reference,
            decline_reason: declineReason,
          });
          return { outcome: 'declined' as const, reason: declineReason, reference };
        }
        await tx
          .update(sandboxIssuerCards)
          .set({ bookBalance: card.bookBalance - input.amount })
          .where(eq(sandboxIssuerCards.id, card.id));
        await tx.insert(sandboxIssuerTransactions).values({
          id: reference,
          cardId: card.id,
          type: 'DEBIT',
          amount: input.amount,
          description: merchant.description,
          merchant: {
            name: merchant.name,
            logo: logoUrl(merchant),
            category: merchant.category,
            group: merchant.group,
            city: merchant.city,
            code: merchant.code,
            website: merchant.website,
            recurring: input.recurring,
          },
          createdAt: now,
        });
        await queueWebhook(tx, 'card_debit_event.successful', {
          ...base,
          transaction_reference: reference,
          card_transaction_type: 'DEBIT',
          transaction_timestamp: Math.floor(now.getTime() / 1000),
        });
        return { outcome: 'successful' as const, reason: null, reference };
      });
      await deliverDue();
      return outcome;
    },

    /** The merchant refunds a purchase in full. */
    async reverse(cardId: string, transactionId: string) {
      const now = options.now();
      const reversal = await db.transaction(async (tx) => {
        const [card] = await tx
          .select()
          .from(sandboxIssuerCards)
          .where(eq(sandboxIssuerCards.id, cardId))
          .for('update');
        if (!card) throw new SandboxRefusal(404, 'No such card at the sandbox issuer.');
        const [purchase] = await tx
          .select()
          .from(sandboxIssuerTransactions)
          .where(
            and(
              eq(sandboxIssuerTransactions.id, transactionId),
              eq(sandboxIssuerTransactions.cardId, card.id),
              eq(sandboxIssuerTransactions.type, 'DEBIT'),
              isNull(sandboxIssuerTransactions.clientReference),
            ),
          )
          .for('update');
        if (!purchase) throw new SandboxRefusal(404, 'No purchase with this reference on this card.');
        if (purchase.reversedBy) throw new SandboxRefusal(409, 'This purchase was already refunded.');
        const reference = `${purchase.id}_REVERSAL`;
        await tx
          .update(sandboxIssuerCards)
          .set({ bookBalance: card.bookBalance + purchase.amount })
          .where(eq(sandboxIssuerCards.id, card.id));
        await tx
          .update(sandboxIssuerTransactions)
          .set({ reversedBy: reference })
          .where(eq(sandboxIssuerTransactions.id, purchase.id));
        await tx.insert(sandboxIssuerTransactions).values({
          id: reference,
          cardId: card.id,
          type: 'CREDIT',
          amount: purchase.amount,
          description: `Refund: ${purchase.description}`,
          merchant: purchase.merchant,
          createdAt: now,
        });
        await queueWebhook(tx, 'card_reversal_event.successful', {
          card_id: card.id,
          cardholder_id: card.cardholderId,
          amount: String(purchase.amount),
          currency: 'USD',
          transaction_reference: reference,
          transaction_date: issuerDate(now),
          card_transaction_type: 'CREDIT',
          description: `Refund: ${purchase.description}`,
        });
        return reference;
      });
      await deliverDue();
      return reversal;
    },

    /** The spend simulator's view of a card: what the tester needs to pick a purchase or a refund. */
    async simulatorView(cardId: string) {
      const [card] = await db.select().from(sandboxIssuerCards).where(eq(sandboxIssuerCards.id, cardId));
      if (!card) return null;
      const purchases = await db
        .select()
        .from(sandboxIssuerTransactions)
        .where(and(eq(sandboxIssuerTransactions.cardId, card.id), isNull(sandboxIssuerTransactions.clientReference)))
        .orderBy(desc(sandboxIssuerTransactions.createdAt))
        .limit(10);
      return {
        cardId: card.id,
        last4: card.last4,
        cardName: card.cardName,
        status: card.isDeleted ? ('deleted' as const) : card.isActive ? ('active' as const) : ('frozen' as const),
        availableCents: available(card),
        purchases: purchases.map((row) => ({
          reference: row.id,
          type: row.type,
          amountCents: row.amount,
          description: row.description,
          merchantName: row.merchant?.name ?? null,
          isRefunded: row.reversedBy !== null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type SandboxBooks = ReturnType<typeof createSandboxBooks>;
