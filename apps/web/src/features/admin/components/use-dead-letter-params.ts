import { useSearchParams } from 'react-router';
import { JOB_QUEUE_LABELS } from './job-queue-labels';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The dead letters' queue filter and page, kept in the address (`/jobs?queue=mail&page=2`). */
export function useDeadLetterParams() {
  const [params, setParams] = useSearchParams();
  const queueParam = params.get('queue');
  const queue = queueParam && queueParam in JOB_QUEUE_LABELS ? queueParam : null;
  const page = pageFrom(params.get('page'));
  const update = (next: { queue: string | null; page: number }) =>
    setParams(() => {
      const query = new URLSearchParams();
      if (next.queue) query.set('queue', next.queue);
      if (next.page > 1) query.set('page', String(next.page));
      return query;
    });
  return {
    queue,
    page,
    setQueue: (next: string | null) => update({ queue: next, page: 1 }),
    setPage: (next: number) => update({ queue, page: next }),
  };
}
