import { Anchor } from '@mantine/core';

type ResendButtonProps = { label: string; secondsLeft: number; isPending: boolean; onResend: () => void };

/** "Resend code": off while the cooldown runs, saying how long is left, so nobody hammers a rate-limited send. */
export function ResendButton({ label, secondsLeft, isPending, onResend }: ResendButtonProps) {
  const isWaiting = secondsLeft > 0;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={onResend}
      disabled={isWaiting || isPending}
      c={isWaiting || isPending ? 'dimmed' : undefined}
      style={{ cursor: isWaiting || isPending ? 'default' : undefined }}
    >
      {isPending ? 'Sending…' : isWaiting ? `${label} in ${secondsLeft} s` : label}
    </Anchor>
  );
}
