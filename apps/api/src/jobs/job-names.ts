/** Every periodic job, by the name its lease row carries. */
export type JobName =
  | 'reconcile-deposits'
  | 'replay-provider-events'
  | 'create-cardholders'
  | 'settle-card-operations'
  | 'complete-card-creations'
  | 'close-deleted-cards'
  | 'charge-monthly-fees'
  | 'reconcile-card-balances'
  | 'sandbox-issuer-deliveries';
