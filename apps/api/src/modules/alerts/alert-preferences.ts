import {
  ALERT_KINDS,
  ALWAYS_MAILED_ALERTS,
  type AlertKind,
  type AlertPreferences,
  type AlertPreferencesBody,
  DEFAULT_EMAIL_ALERTS,
} from '@coincard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertPreferences } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';

type Stored = Partial<Record<AlertKind, boolean>> | null | undefined;

/** Which kinds arrive by e-mail: the defaults, overlaid with the owner's choices, security alerts always on. */
export function emailChoices(stored: Stored): Record<AlertKind, boolean> {
  const choices = { ...DEFAULT_EMAIL_ALERTS };
  for (const kind of ALERT_KINDS) {
    const chosen = stored?.[kind];
    if (typeof chosen === 'boolean') choices[kind] = chosen;
    if (ALWAYS_MAILED_ALERTS.includes(kind)) choices[kind] = true;
  }
  return choices;
}

const dto = (stored: Stored): AlertPreferences => ({
  email: emailChoices(stored),
  alwaysMailed: [...ALWAYS_MAILED_ALERTS],
});

async function storedChoices(db: Executor, userId: string): Promise<Stored> {
  const [row] = await db
    .select({ email: alertPreferences.email })
    .from(alertPreferences)
    .where(eq(alertPreferences.userId, userId));
  return row?.email;
}

export async function readAlertPreferences(deps: Deps, userId: string): Promise<AlertPreferences> {
  return dto(await storedChoices(deps.db, userId));
}

/**
 * Keeps the kinds named in the body (the others keep their earlier choice or default). A choice about an always-mailed
 * kind is not stored at all (the answer shows it still on): a `false` kept from a stolen session would otherwise take
 * effect the day that kind stopped being always mailed.
 */
export async function updateAlertPreferences(
  deps: Deps,
  userId: string,
  body: AlertPreferencesBody,
): Promise<AlertPreferences> {
  const changes = Object.fromEntries(
    Object.entries(body.email).filter(
      ([kind, value]) => typeof value === 'boolean' && !ALWAYS_MAILED_ALERTS.includes(kind as AlertKind),
    ),
  );
  const now = deps.now();
  const [row] = await deps.db
    .insert(alertPreferences)
    .values({ userId, email: changes, updatedAt: now })
    .onConflictDoUpdate({
      target: alertPreferences.userId,
      set: { email: sql`${alertPreferences.email} || excluded.email`, updatedAt: now },
    })
    .returning({ email: alertPreferences.email });
  return dto(row?.email);
}
