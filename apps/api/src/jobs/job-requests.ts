import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../db/client.js';
import type { JobName } from './job-names.js';

export type JobRequests = {
  /** Asks for a job to run soon on any instance (after this request's work is committed). */
  request: (name: JobName) => void;
  /** The local runner listens, so a request made here runs here at once. */
  onRequest: (listener: (() => void) | null) => void;
};

export function createJobRequests(db: Database, now: () => Date, logger: { warn: (o: object, m: string) => void }) {
  let listener: (() => void) | null = null;
  const requests: JobRequests = {
    request(name) {
      executeRows(db, sql`update jobs set requested_at = ${now().toISOString()} where name = ${name}`)
        .then(() => listener?.())
        .catch((error: unknown) => logger.warn({ err: error, job: name }, 'could not ask for a job run'));
    },
    onRequest(next) {
      listener = next;
    },
  };
  return requests;
}
