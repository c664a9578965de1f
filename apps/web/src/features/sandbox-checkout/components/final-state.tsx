import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconCircleX } from '../../../icons/IconCircleX';
import { IconClockX } from '../../../icons/IconClockX';
import type { Checkout } from '../api/get-checkout';
import { finalMessage, statusLook } from './checkout-status';

const CREDITED = new Set(['paid', 'paid_over', 'wrong_amount']);

/** Only same-origin return addresses are followed; anything else goes to the dashboard. */
export function safeReturnUrl(returnUrl: string | null): string {
  if (!returnUrl) return '/dashboard';
  try {
    const url = new URL(returnUrl, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : '/dashboard';
  } catch {
    return '/dashboard';
  }
}

/** The invoice is over: what happened, and the way back to the merchant. */
export function FinalState({ checkout }: { checkout: Checkout }) {
  const { title, text } = finalMessage(checkout);
  const isCredited = CREDITED.has(checkout.status);
  const Icon = isCredited ? IconCircleCheck : checkout.status === 'cancel' ? IconClockX : IconCircleX;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="final-title">
      <Stack align="center" ta="center" gap="sm" role="status">
        <ThemeIcon size={56} radius="xl" variant="light" color={statusLook(checkout.status).color} aria-hidden>
          <Icon size={32} />
        </ThemeIcon>
        <Title order={2} size="h3" id="final-title">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        <Button
          component="a"
          href={safeReturnUrl(checkout.returnUrl)}
          size="md"
          mt="xs"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          Return to CoinCard
        </Button>
      </Stack>
    </Paper>
  );
}
