import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CoinIcon } from '../../../components/coin-icon';
import { COIN_COUNT_CLAIM, SUPPORTED_COINS } from '../content/coins';

/** The coins a deposit can be paid in, with the same bundled logos as Add Money (nothing is loaded from elsewhere). */
export function CoinStrip() {
  return (
    <Stack gap="md" align="center">
      <Text id="coin-strip-title" fz="sm" c="dimmed" ta="center">
        Deposit with {COIN_COUNT_CLAIM} cryptocurrencies, converted to USD automatically
      </Text>
      <Group
        component="ul"
        aria-labelledby="coin-strip-title"
        gap={8}
        justify="center"
        p={0}
        m={0}
        maw={760}
        style={{ listStyle: 'none' }}
      >
        {SUPPORTED_COINS.map((coin) => (
          <Group
            component="li"
            key={coin.code}
            title={coin.name}
            gap={6}
            wrap="nowrap"
            pl={4}
            pr={10}
            py={4}
            style={{
              borderRadius: 999,
              border: '1px solid var(--mantine-color-default-border)',
              background: 'var(--mantine-color-default)',
            }}
          >
            <CoinIcon code={coin.code} size={20} />
            <Text component="span" fz="xs" fw={600}>
              {coin.code}
              <VisuallyHidden> ({coin.name})</VisuallyHidden>
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
