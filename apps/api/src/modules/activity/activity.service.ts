import type { ActivityExportQuery, ActivityPage, ActivityQuery } from '@coincard/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { cards, type UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { statementCsv } from './statement-csv.js';
import { statementLines } from './statement-lines.js';

const DAY_MS = 24 * 60 * 60_000;
/** An export covers at most a year: 366 days, so a leap year's whole calendar year fits. */
const EXPORT_MAX_DAYS = 366;

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** from and to are whole UTC days, both included: to's end is the next day's start. */
function dayRange(from: string | undefined, to: string | undefined) {
  const since = from ? startOfDay(from) : undefined;
  const until = to ? new Date(startOfDay(to).getTime() + DAY_MS) : undefined;
  if (since && until && since >= until)
    throw new AppError('ValidationError', 'from must be on or before to.', { fields: { from: 'from is after to.' } });
  return { since, until };
}

/**
 * A card filter names one of the user's own cards, deleted ones included (their lines stay on the statement). Any
 * other id (another user's card, a made-up one) answers 404 as every card route does, so ids cannot be probed.
 */
async function ownCardId(deps: Deps, userId: string, cardId: string | undefined): Promise<string | undefined> {
  if (cardId === undefined) return undefined;
  const notFound = new AppError('NotFound', 'Card not found.');
  if (!z.uuid().safeParse(cardId).success) throw notFound;
  const [card] = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId)));
  if (!card) throw notFound;
  return card.id;
}

export async function listActivity(deps: Deps, user: UserRow, query: ActivityQuery): Promise<ActivityPage> {
  const { since, until } = dayRange(query.from, query.to);
  const cardId = await ownCardId(deps, user.id, query.cardId);
  const { items, total } = await statementLines(
    deps.db,
    { userId: user.id, kind: query.kind, cardId, since, until, q: query.q || undefined },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return {
    items,
    meta: { page: query.page, pageSize: query.pageSize, total, pages: Math.ceil(total / query.pageSize) },
  };
}

/** The statement between two days as CSV, oldest first (the order a spreadsheet reads a statement in). */
export async function exportActivity(deps: Deps, user: UserRow, query: ActivityExportQuery): Promise<string> {
  const { since, until } = dayRange(query.from, query.to);
  if (since && until && until.getTime() - since.getTime() > EXPORT_MAX_DAYS * DAY_MS)
    throw new AppError('ValidationError', 'An export covers at most one year.', {
      fields: { to: 'Choose a range of at most one year.' },
    });
  const { items } = await statementLines(deps.db, { userId: user.id, since, until }, null);
  return statementCsv(items.reverse());
}
