import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type OutboxMail = { _id: string; to: string; subject: string; text: string; createdAt: string };

/**
 * The outbox's answer as the page lists it, newest first. This shapes the answer rather than checking it, so it runs in
 * every build (a check runs only in development: lib/api-client.ts).
 */
function readOutbox(data: unknown): OutboxMail[] {
  const mails = (data as { mails?: unknown } | undefined)?.mails;
  if (!Array.isArray(mails)) throw new TypeError('Unexpected answer from GET /dev/outbox.');
  return mails
    .map((mail) => {
      const { _id, to, subject, text, createdAt } = mail as Record<string, unknown>;
      return {
        _id: String(_id),
        to: String(to),
        subject: String(subject),
        text: String(text),
        createdAt: String(createdAt),
      };
    })
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export async function getOutbox(signal?: AbortSignal): Promise<OutboxMail[]> {
  return readOutbox(await api.get('/dev/outbox', undefined, signal));
}

export const outboxQueryOptions = queryOptions({
  queryKey: ['dev-outbox'],
  queryFn: ({ signal }) => getOutbox(signal),
});

export function useOutboxQuery() {
  return useQuery(outboxQueryOptions);
}
