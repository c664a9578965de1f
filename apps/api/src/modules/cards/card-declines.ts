import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CardDeclineRow, cardDeclines, cards } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/ids.js';
import { type AlertDeps, raiseAlert } from '../alerts/raise-alert.js';
import { publishLive } from '../live/live-events.js';

export type DeclineInput = {
  /** Our card id. */
  cardId: string;
  /** Cents the merchant asked for. */
  amountCents: number;
  merchant: string;
  category?: string | null;
  /** Why it was refused, in words the owner can read ("Card is frozen", "Over the card's daily limit"). */
  reason: string;
  occurredAt: Date;
  /** The issuer's reference for the refused authorization: the same reference is recorded once. */
  issuerReference: string;
};

export type DeclineRecorded = {
  /** false when this reference was already recorded (nothing written). */
  recorded: boolean;
  decline: CardDeclineRow | null;
};

const MERCHANT_MAX = 200;
const REASON_MAX = 500;
const REFERENCE_MAX = 200;

const clip = (text: string, max: number) => text.trim().slice(0, max);

/**
 * Records a declined purchase inside the caller's transaction, with its alert to the owner (the reason included) and
 * the card page told to refresh, so all of it is written together or not at all. Moves no money. Idempotent on the
 * card and the issuer's reference: answers `recorded: false` for a reference already recorded (no second alert). An
 * unknown card records nothing.
 */
export async function recordDecline(tx: Executor, input: DeclineInput, deps: AlertDeps): Promise<DeclineRecorded> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error(`bad decline amount ${input.amountCents}`);
  const reference = clip(input.issuerReference, REFERENCE_MAX);
  if (!reference) throw new Error('a decline needs the issuer reference');
  const [card] = await tx
    .select({ userId: cards.userId, name: cards.name, last4: cards.last4 })
    .from(cards)
    .where(eq(cards.id, input.cardId));
  if (!card) return { recorded: false, decline: null };
  const occurredAt = Number.isNaN(input.occurredAt.getTime()) ? new Date() : input.occurredAt;
  const [row] = await tx
    .insert(cardDeclines)
    .values({
      id: uuidv7(),
      cardId: input.cardId,
      userId: card.userId,
      issuerReference: reference,
      amount: input.amountCents,
      merchant: clip(input.merchant, MERCHANT_MAX) || 'Unknown merchant',
      category: input.category ? clip(input.category, MERCHANT_MAX) : null,
      reason: clip(input.reason, REASON_MAX) || 'Declined by the card issuer',
      occurredAt,
    })
    .onConflictDoNothing({ target: [cardDeclines.cardId, cardDeclines.issuerReference] })
    .returning();
  if (row) {
    await raiseAlert(deps, tx, {
      userId: card.userId,
      kind: 'card_decline',
      card: { id: input.cardId, name: card.name, last4: card.last4 },
      amountCents: row.amount,
      merchant: row.merchant,
      reason: row.reason,
      dedupeKey: `decline:${row.id}`,
    });
    await publishLive(deps, tx, card.userId, { type: 'card', cardId: input.cardId });
  }
  return { recorded: Boolean(row), decline: row ?? null };
}

/** A card's declines between two moments (`until` exclusive), newest first (recorded later first on a tie). */
export async function declinesBetween(
  db: Executor,
  cardId: string,
  window: { since: Date | null; until: Date | null },
): Promise<CardDeclineRow[]> {
  return db
    .select()
    .from(cardDeclines)
    .where(
      and(
        eq(cardDeclines.cardId, cardId),
        window.since ? gte(cardDeclines.occurredAt, window.since) : undefined,
        window.until ? lt(cardDeclines.occurredAt, window.until) : undefined,
      ),
    )
    .orderBy(desc(cardDeclines.occurredAt), desc(cardDeclines.id));
}

/** How many declines a card has. */
export async function countDeclines(db: Executor, cardId: string): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(cardDeclines).where(eq(cardDeclines.cardId, cardId));
  return Number(row?.n ?? 0);
}
