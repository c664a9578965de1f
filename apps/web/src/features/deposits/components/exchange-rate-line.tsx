import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '../../../icons/IconArrowsExchange';
import { IconRefresh } from '../../../icons/IconRefresh';
import { useExchangeRateQuery } from '../api/get-exchange-rate';
import { coinAmountFor, formatCoinAmount, formatRate } from './coin-format';

type ExchangeRateLineProps = { coinCode: string; amountCents: number | null };

/** The live rate `1 COIN = $course USD` and, once the amount is valid, how much of the coin that is. */
export function ExchangeRateLine({ coinCode, amountCents }: ExchangeRateLineProps) {
  const rate = useExchangeRateQuery(coinCode);

  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" aria-live="polite">
      {rate.isPending ? (
        <Stack gap={6} role="status" aria-label="Loading the exchange rate">
          <Skeleton h={14} w="55%" />
          <Skeleton h={12} w="40%" />
        </Stack>
      ) : rate.isError ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="red">
            The exchange rate could not be loaded.
          </Text>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void rate.refetch()}
          >
            Retry
          </Button>
        </Group>
      ) : (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconArrowsExchange size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              1 {coinCode} = {formatRate(rate.data.course)} USD
            </Text>
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {amountCents === null
                ? 'Enter an amount to see how much you will send.'
                : `You send ≈ ${formatCoinAmount(coinAmountFor(amountCents, rate.data.course), coinCode)}`}
            </Text>
          </Stack>
        </Group>
      )}
    </Paper>
  );
}
