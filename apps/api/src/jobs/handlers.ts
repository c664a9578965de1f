import { completeSignUp, issuePasswordReset } from '../modules/auth/auth.service.js';
import { registerWithIssuer, sweepUnsentVerifications } from '../modules/cardholders/verification-job.js';
import { closeDeletedCard, sweepDeletedCards } from '../modules/cards/card-closing.service.js';
import { advanceCardCreation, sweepPendingCards } from '../modules/cards/card-creation.service.js';
import { matchIssuerState } from '../modules/cards/card-issuer-state.js';
import { advanceOperation, sweepCardOperations } from '../modules/cards/card-operations.service.js';
import { reconcileCardBalances } from '../modules/cards/card-reconciliation.service.js';
import { chargeMonthlyFees } from '../modules/cards/monthly-fees.service.js';
import { checkDeposit, sweepDeposits } from '../modules/deposits/deposit-checks.js';
import { resealSecrets } from '../modules/maintenance/reseal-secrets.js';
import { pruneExpiredRows } from '../modules/maintenance/retention.js';
import { providerEventHandler, sweepProviderEvents } from '../modules/webhooks/webhooks.service.js';
import { deliverMail } from '../providers/mail/mail-queue.js';
import { webhookSources } from '../webhook-sources.js';
import type { JobHandlers } from './engine.js';

/** What each queue's job does: one item of work, or one firing of a schedule (jobs/queues.ts, jobs/schedules.ts). */
export const JOB_HANDLERS: JobHandlers = {
  mail: deliverMail,
  'sign-up': completeSignUp,
  'password-reset': issuePasswordReset,
  'provider-event': providerEventHandler(webhookSources),
  'card-operation': advanceOperation,
  'card-creation': advanceCardCreation,
  'cardholder-verification': registerWithIssuer,
  'card-close': closeDeletedCard,
  'card-issuer-state': matchIssuerState,
  'deposit-check': checkDeposit,
  'sweep-deposits': async (deps) => {
    await sweepDeposits(deps);
  },
  'sweep-card-work': async (deps) => {
    await sweepUnsentVerifications(deps);
    await sweepPendingCards(deps);
    await sweepCardOperations(deps);
    await sweepDeletedCards(deps);
  },
  'sweep-provider-events': async (deps) => {
    await sweepProviderEvents(deps);
  },
  'charge-monthly-fees': async (deps) => {
    await chargeMonthlyFees(deps);
  },
  'reconcile-card-balances': async (deps) => {
    await reconcileCardBalances(deps);
  },
  'prune-expired-rows': async (deps) => {
    await pruneExpiredRows(deps);
  },
  'reseal-secrets': async (deps) => {
    await resealSecrets(deps);
  },
  // The sandbox issuer's own back office (demo mode): complete what is due, deliver the webhooks it owes.
  'sandbox-issuer-back-office': async (deps) => {
    await deps.sandboxIssuer?.completeDue();
    await deps.sandboxIssuer?.deliverDue();
  },
};
