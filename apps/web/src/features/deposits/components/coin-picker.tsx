import { COINS, type Coin, NETWORKS } from '@coincard/shared';
import { SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CoinIcon } from '../../../components/coin-icon';
import { IconSearch } from '../../../icons/IconSearch';
import classes from './coin-picker.module.css';

function matches(coin: Coin, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const networkNames = coin.networks.map((network) => NETWORKS[network].toLowerCase());
  return (
    coin.code.toLowerCase().includes(needle) ||
    coin.name.toLowerCase().includes(needle) ||
    networkNames.some((name) => name.includes(needle))
  );
}

type CoinPickerProps = { selected: string | null; onChoose: (coin: Coin) => void };

/** Step 1 of Add Funds: every coin the product accepts, searchable by symbol, name or network. */
export function CoinPicker({ selected, onChoose }: CoinPickerProps) {
  const [search, setSearch] = useState('');
  const shown = COINS.filter((coin) => matches(coin, search));
  const selectedRef = useRef<HTMLButtonElement>(null);

  // Back from the amount step: focus returns to the coin chosen before (on first open the modal focuses the search).
  useEffect(() => {
    selectedRef.current?.focus();
  }, []);

  return (
    <Stack gap="sm">
      <TextInput
        label="Search cryptocurrencies"
        placeholder="USDT, Bitcoin, Solana…"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg" role="status">
          No cryptocurrency matches “{search.trim()}”.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" className={classes.grid}>
          {shown.map((coin) => (
            <UnstyledButton
              key={coin.code}
              className={classes.tile}
              aria-pressed={selected === coin.code}
              ref={selected === coin.code ? selectedRef : undefined}
              onClick={() => onChoose(coin)}
            >
              <CoinIcon code={coin.code} size={32} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700} size="sm" lh={1.3}>
                  {coin.code}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {coin.name}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
