/** What each queue of background work does, in the console's words (docs/admin.md, Background jobs). */
export const JOB_QUEUE_LABELS: Record<string, string> = {
  mail: 'Mail',
  'sign-up': 'Sign-ups',
  'password-reset': 'Password reset links',
  'provider-event': 'Provider events',
  'card-operation': 'Card money movements',
  'card-creation': 'Card creations',
  'cardholder-verification': 'Identity registrations',
  'card-close': 'Deleted cards closing',
  'card-issuer-state': 'Freezes at the issuer',
  'deposit-check': 'Top-up checks',
  'sweep-deposits': 'Sweep: top-ups',
  'sweep-card-work': 'Sweep: card work',
  'sweep-provider-events': 'Sweep: provider events',
  'charge-monthly-fees': 'Monthly card fees',
  'reconcile-card-balances': 'Card balance checks',
  'prune-expired-rows': 'Pruning old rows',
  'sandbox-issuer-back-office': 'Sandbox issuer back office',
};

export const jobQueueLabel = (queue: string) => JOB_QUEUE_LABELS[queue] ?? queue;

/** "45 s", "12 min", "3 h", "2 d": how long the oldest job has waited. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}
