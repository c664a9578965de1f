import type { ActivityExportQuery, ActivityPage, ActivityQuery } from '@coincard/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { refuseAfterSession } from '../../plugins/authenticated-read.js';
import { statementCsv } from './statement-csv.js';
import { statementLines } from './statement-lines.js';

const DAY_MS = 24 * 60 * 60_000;
/** An export covers at most a year: 366 days, so a leap year's whole calendar year fits. */
const EXPORT_MAX_DAYS = 366;

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Input the query string's schema cannot judge alone (a reversed or too long range, a card id that is no id) is
 * refused only once the session is known, as the schema's own errors are.
 */
const refuse = (deps: Deps, request: FastifyRequest, error: Error) =>
  refuseAfterSession(deps, request, ['user'], error);

/** The query's days (whole UTC days, both included: to's end is the next day's start), once the query is judged. */
async function daysOf(deps: Deps, request: FastifyRequest, query: { from?: string; to?: string }) {
  if (request.validationError) await refuse(deps, request, request.validationError);
  const since = query.from ? startOfDay(query.from) : undefined;
  const until = query.to ? new Date(startOfDay(query.to).getTime() + DAY_MS) : undefined;
  if (since && until && since >= until)
    await refuse(
      deps,
      request,
      new AppError('ValidationError', 'from must be on or before to.', { fields: { from: 'from is after to.' } }),
    );
  return { since, until };
}

/** The signed-in user's statement page (the session is checked in the same round trip: statement-lines.ts). */
export async function listActivity(deps: Deps, request: FastifyRequest, query: ActivityQuery): Promise<ActivityPage> {
  const { since, until } = await daysOf(deps, request, query);
  // Any card id that is not an id is no card of theirs: 404, as a well-formed stranger's id gets from the check.
  if (query.cardId !== undefined && !z.uuid().safeParse(query.cardId).success)
    await refuse(deps, request, new AppError('NotFound', 'Card not found.'));
  const { items, total } = await statementLines(
    deps,
    request,
    { kind: query.kind, cardId: query.cardId, since, until, q: query.q || undefined },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return {
    items,
    meta: { page: query.page, pageSize: query.pageSize, total, pages: Math.ceil(total / query.pageSize) },
  };
}

/** The statement between two days as CSV, oldest first (the order a spreadsheet reads a statement in). */
export async function exportActivity(deps: Deps, request: FastifyRequest, query: ActivityExportQuery): Promise<string> {
  const { since, until } = await daysOf(deps, request, query);
  if (since && until && until.getTime() - since.getTime() > EXPORT_MAX_DAYS * DAY_MS)
    await refuse(
      deps,
      request,
      new AppError('ValidationError', 'An export covers at most one year.', {
        fields: { to: 'Choose a range of at most one year.' },
      }),
    );
  const { items } = await statementLines(deps, request, { since, until }, null);
  return statementCsv(items.reverse());
}
