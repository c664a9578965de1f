import { type Coin, NETWORKS, type NetworkCode } from '@coincard/shared';
import { Button, Chip, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef } from 'react';
import { CoinIcon } from '../../../components/coin-icon';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { DEPOSIT_LIMITS_TEXT, depositAmountError, validDepositCents } from './deposit-amount';
import { ExchangeRateLine } from './exchange-rate-line';

const QUICK_AMOUNTS = ['50', '100', '250', '500'];

type AmountStepProps = {
  coin: Coin;
  network: NetworkCode | null;
  onNetworkChange: (network: NetworkCode) => void;
  amountText: string;
  onAmountChange: (text: string) => void;
  onBack: () => void;
  onContinue: () => void;
  isSubmitting: boolean;
};

const isNetworkCode = (value: string | null): value is NetworkCode => value !== null && value in NETWORKS;

/** Step 2 of Add Funds: the network, the USD amount ($10 to $10,000) and what it comes to in the coin. */
export function AmountStep(props: AmountStepProps) {
  const { coin, network, amountText, isSubmitting } = props;
  const amountCents = validDepositCents(amountText);
  const canContinue = network !== null && amountCents !== null;
  const networkRef = useRef<HTMLInputElement>(null);

  // The coin tile that was chosen is gone: focus moves to this step's first field, not to the page's body.
  useEffect(() => {
    networkRef.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canContinue && !isSubmitting) props.onContinue();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <CoinIcon code={coin.code} size={40} />
          <Stack gap={0}>
            <Text fw={700}>{coin.code}</Text>
            <Text size="sm" c="dimmed">
              {coin.name}
            </Text>
          </Stack>
        </Group>
        <Select
          ref={networkRef}
          label="Network"
          description={`Send ${coin.code} only on this network; a payment on another network can be lost.`}
          data={coin.networks.map((code) => ({ value: code, label: NETWORKS[code] }))}
          value={network}
          onChange={(value) => {
            if (isNetworkCode(value)) props.onNetworkChange(value);
          }}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap={6}>
          <TextInput
            label="Amount (USD)"
            description={DEPOSIT_LIMITS_TEXT}
            placeholder="50.00"
            inputMode="decimal"
            autoComplete="off"
            leftSection={<Text size="sm">$</Text>}
            value={amountText}
            onChange={(event) => props.onAmountChange(event.currentTarget.value)}
            error={depositAmountError(amountText)}
          />
          <Chip.Group
            multiple={false}
            value={QUICK_AMOUNTS.includes(amountText) ? amountText : null}
            onChange={(value) => props.onAmountChange(value ?? '')}
          >
            <Group gap={6} aria-label="Quick amounts" role="group">
              {QUICK_AMOUNTS.map((amount) => (
                <Chip key={amount} value={amount} size="xs" variant="light">
                  ${amount}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <ExchangeRateLine coinCode={coin.code} amountCents={amountCents} />
        <Group justify="space-between" mt="xs">
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={props.onBack}>
            Back
          </Button>
          <Button
            type="submit"
            disabled={!canContinue}
            loading={isSubmitting}
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
