import { Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { IconFlask } from '../../../icons/IconFlask';
import type { Outcome } from '../api/choose-outcome';
import type { Checkout } from '../api/get-checkout';
import { formatUsd } from './checkout-status';

const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

function overpaymentError(text: string, invoice: number): string | null {
  if (!DOLLARS.test(text.trim())) return 'Enter dollars, like 55.00.';
  return Number(text) > invoice ? null : `Enter more than ${formatUsd(invoice.toFixed(2))}.`;
}

function underpaymentError(text: string, invoice: number): string | null {
  if (!DOLLARS.test(text.trim())) return 'Enter dollars, like 25.00.';
  const value = Number(text);
  return value >= 0.01 && value < invoice ? null : `Enter from $0.01 to under ${formatUsd(invoice.toFixed(2))}.`;
}

type OutcomePanelProps = {
  checkout: Checkout;
  /** Why no outcome can be chosen any more (final or expired invoice), or null while it is open. */
  disabledReason: string | null;
  pendingOutcome: Outcome | null;
  onChoose: (outcome: Outcome, amountUsd?: string) => void;
};

/** The tester's side of the sandbox: decide what the payer did. Every choice is final for the invoice. */
export function OutcomePanel({ checkout, disabledReason, pendingOutcome, onChoose }: OutcomePanelProps) {
  const isDisabled = disabledReason !== null;
  const invoice = Number(checkout.amountUsd);
  const [overText, setOverText] = useState(() => (invoice * 1.1).toFixed(2));
  const [underText, setUnderText] = useState(() => (invoice / 2).toFixed(2));
  const overError = overpaymentError(overText, invoice);
  const underError = underpaymentError(underText, invoice);
  const isBusy = pendingOutcome !== null;
  const buttonProps = (outcome: Outcome) => ({
    loading: pendingOutcome === outcome,
    disabled: isDisabled || (isBusy && pendingOutcome !== outcome),
  });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="outcome-title"
      style={{ borderStyle: 'dashed' }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="yellow" radius="xl" size={36} aria-hidden>
            <IconFlask size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} size="h4" id="outcome-title">
              Choose the outcome
            </Title>
            <Text size="sm" c="dimmed">
              You play the payer. The sandbox tells CoinCard by a signed webhook, as the real provider would.
            </Text>
          </Stack>
        </Group>
        {disabledReason ? (
          <Text size="sm" fw={600} role="note">
            {disabledReason}
          </Text>
        ) : null}
        <Button fullWidth onClick={() => onChoose('paid')} {...buttonProps('paid')}>
          Paid · {formatUsd(checkout.amountUsd)}
        </Button>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="Overpaid amount (USD)"
            leftSection={<Text size="sm">$</Text>}
            inputMode="decimal"
            value={overText}
            onChange={(event) => setOverText(event.currentTarget.value)}
            error={overError}
            disabled={isDisabled}
            style={{ flex: 1 }}
          />
          <Button
            color="teal"
            variant="light"
            mt={25}
            miw={120}
            onClick={() => onChoose('paid_over', Number(overText).toFixed(2))}
            {...buttonProps('paid_over')}
            disabled={buttonProps('paid_over').disabled || overError !== null}
          >
            Paid over
          </Button>
        </Group>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="Underpaid amount (USD)"
            leftSection={<Text size="sm">$</Text>}
            inputMode="decimal"
            value={underText}
            onChange={(event) => setUnderText(event.currentTarget.value)}
            error={underError}
            disabled={isDisabled}
            style={{ flex: 1 }}
          />
          <Button
            color="orange"
            variant="light"
            mt={25}
            miw={120}
            onClick={() => onChoose('wrong_amount', Number(underText).toFixed(2))}
            {...buttonProps('wrong_amount')}
            disabled={buttonProps('wrong_amount').disabled || underError !== null}
          >
            Paid less
          </Button>
        </Group>
        <Group grow gap="xs">
          <Button variant="default" onClick={() => onChoose('cancel')} {...buttonProps('cancel')}>
            Expire
          </Button>
          <Button color="red" variant="light" onClick={() => onChoose('fail')} {...buttonProps('fail')}>
            Fail
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
