import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { providerEvents } from '../db/schema/index.js';
import type { TestApp } from './test-app.js';

/**
 * What the app made of a webhook it acknowledged: the outcome its queued processing recorded on the stored event
 * (the request helper has run that job by the time the answer is read).
 */
export async function eventOutcome(t: TestApp, response: LightMyRequestResponse): Promise<string | null> {
  const { eventId } = response.json() as { eventId?: string | null };
  if (!eventId) throw new Error(`the webhook was not stored: ${response.statusCode} ${response.body}`);
  const [event] = await t.deps.db
    .select({ outcome: providerEvents.outcome })
    .from(providerEvents)
    .where(eq(providerEvents.id, eventId));
  return event?.outcome ?? null;
}
