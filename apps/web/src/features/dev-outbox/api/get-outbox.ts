import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseParser } from '../../../lib/api-client';

export type OutboxMail = { _id: string; to: string; subject: string; text: string; createdAt: string };

const outboxParser: ResponseParser<OutboxMail[]> = {
  parse: (data) => {
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
  },
};

export function getOutbox(signal?: AbortSignal): Promise<OutboxMail[]> {
  return api.get('/dev/outbox', import.meta.env.DEV && outboxParser, signal);
}

export const outboxQueryOptions = queryOptions({
  queryKey: ['dev-outbox'],
  queryFn: ({ signal }) => getOutbox(signal),
});

export function useOutboxQuery() {
  return useQuery(outboxQueryOptions);
}
