import type { AlertKind } from '@coincard/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertPreferences, alerts, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import type { Mail, MailKind } from '../../providers/mail/mailer.js';
import { publishLive } from '../live/live-events.js';
import type { AlertInput } from './alert-facts.js';
import { emailChoices } from './alert-preferences.js';
import { type AlertText, alertText, cardUnlockedText } from './alert-text.js';

/** What raising an alert needs: the queue (its mail), the templates, the clock and this instance's id. */
export type AlertDeps = Pick<Deps, 'jobs' | 'jobBox' | 'mail' | 'now' | 'instanceId'>;

const MAIL_KINDS: Record<AlertKind, MailKind> = {
  card_purchase: 'card-purchase',
  card_decline: 'card-decline',
  card_refund: 'card-refund',
  top_up_credited: 'top-up-credited',
  card_frozen_by_admin: 'card-frozen',
  card_low_balance: 'card-low-balance',
  new_device_sign_in: 'new-device-sign-in',
  card_revealed: 'card-details-shown',
  card_unlocked: 'card-unlocked',
};

/** The security alerts keep the mails they had before alerts existed (decision 027); the others share one layout. */
function mailFor(deps: AlertDeps, to: string, input: AlertInput, text: AlertText): Mail {
  if (input.kind === 'new_device_sign_in') return deps.mail.newDeviceSignIn(to, input.where);
  if (input.kind === 'card_revealed') return deps.mail.cardDetailsShown(to, input.card, input.where);
  if (input.kind === 'card_unlocked') {
    const { title, happened } = cardUnlockedText(input);
    return deps.mail.cardUnlocked(to, { cardId: input.card.id, title, happened, at: input.at });
  }
  return deps.mail.alert(to, MAIL_KINDS[input.kind], text);
}

/**
 * The one way to tell an owner something (docs/decisions/032-alerts.md), in the caller's transaction: the alert row
 * (unread), its mail queued when the owner takes this kind by e-mail, and a live event to their open streams on every
 * instance; all three exist exactly when the change they report was committed. A fact reported again under the same
 * `dedupeKey` raises nothing. Answers whether an alert was raised.
 */
export async function raiseAlert(deps: AlertDeps, tx: Executor, input: AlertInput): Promise<boolean> {
  const text = alertText(input);
  const [row] = await tx
    .insert(alerts)
    .values({
      id: uuidv7(deps.now().getTime()),
      userId: input.userId,
      kind: input.kind,
      title: text.title,
      body: text.body,
      link: text.link,
      cardId: text.cardId,
      dedupeKey: input.dedupeKey ?? null,
      createdAt: deps.now(),
    })
    .onConflictDoNothing({ target: [alerts.userId, alerts.dedupeKey] })
    .returning({ id: alerts.id });
  if (!row) return false;
  const [owner] = await tx
    .select({ email: users.email, choices: alertPreferences.email })
    .from(users)
    .leftJoin(alertPreferences, eq(alertPreferences.userId, users.id))
    .where(eq(users.id, input.userId));
  if (owner && emailChoices(owner.choices)[input.kind]) {
    await enqueueMail(deps, tx, mailFor(deps, owner.email, input, text));
  }
  await publishLive(deps, tx, input.userId, { type: 'alert', id: row.id, kind: input.kind });
  return true;
}
