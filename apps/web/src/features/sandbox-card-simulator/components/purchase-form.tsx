import type { SimulatorCard } from '@coincard/shared';
import { formatCents, parseDollarsToCents } from '@coincard/shared';
import { Alert, Button, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconCircleX } from '../../../icons/IconCircleX';
import { IconShoppingCart } from '../../../icons/IconShoppingCart';
import { type PurchaseResult, useMakePurchaseMutation } from '../api/make-purchase';

const MAX_PURCHASE_CENTS = 1_000_000;

type Outcome = PurchaseResult & { amountCents: number; merchantName: string };

function amountProblem(text: string, cents: number | null): string | null {
  if (!text.trim()) return null;
  if (cents === null) return 'Enter an amount in dollars, like 12.99.';
  if (cents < 1) return 'Enter at least $0.01.';
  if (cents > MAX_PURCHASE_CENTS) return `Enter at most ${formatCents(MAX_PURCHASE_CENTS)}.`;
  return null;
}

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const isApproved = outcome.outcome === 'successful';
  return (
    <Alert
      color={isApproved ? 'green' : 'red'}
      variant="light"
      icon={isApproved ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleX size={20} aria-hidden />}
      title={isApproved ? 'Approved' : 'Declined'}
    >
      {isApproved
        ? `${outcome.merchantName} charged ${formatCents(outcome.amountCents)} to the card.`
        : `${outcome.merchantName} asked for ${formatCents(outcome.amountCents)}: ${outcome.reason ?? 'the issuer declined it'}.`}
    </Alert>
  );
}

/** Pay a merchant with the card: choose the shop, the amount and whether it repeats; or force a decline. */
export function PurchaseForm({ card }: { card: SimulatorCard }) {
  const titleId = useId();
  const hintId = useId();
  const [merchant, setMerchant] = useState<string | null>(card.merchants[0]?.slug ?? null);
  const [amountText, setAmountText] = useState('');
  const [isRecurring, setIsRecurring] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const purchase = useMakePurchaseMutation(card.cardId);
  const cents = parseDollarsToCents(amountText);
  const problem = amountProblem(amountText, cents);
  const amount = amountText.trim() && problem === null ? cents : null;
  const merchantName = card.merchants.find((item) => item.slug === merchant)?.name ?? 'The merchant';
  const declinedAmount = Math.min(MAX_PURCHASE_CENTS, Math.max(card.availableCents, 0) + 100);

  const buy = (amountCents: number) => {
    if (!merchant) return;
    setOutcome(null);
    purchase.mutate(
      { issuerCardId: card.cardId, amountCents, merchant, recurring: isRecurring },
      { onSuccess: (result) => setOutcome({ ...result, amountCents, merchantName }) },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount !== null && !purchase.isPending) buy(amount);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id={titleId}>
            Make a purchase
          </Title>
          <Select
            label="Merchant"
            data={card.merchants.map((item) => ({ value: item.slug, label: `${item.name} · ${item.category}` }))}
            value={merchant}
            onChange={setMerchant}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Amount (USD)"
            description={`The card can spend ${formatCents(card.availableCents)} now.`}
            placeholder="12.99"
            inputMode="decimal"
            autoComplete="off"
            leftSection={<Text size="sm">$</Text>}
            value={amountText}
            onChange={(event) => setAmountText(event.currentTarget.value)}
            error={problem}
          />
          <Switch
            label="Recurring payment"
            description="Marks it as a subscription, like a monthly streaming plan."
            checked={isRecurring}
            onChange={(event) => setIsRecurring(event.currentTarget.checked)}
          />
          <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Button
              type="submit"
              leftSection={<IconShoppingCart size={16} aria-hidden />}
              disabled={amount === null || merchant === null}
              aria-describedby={amount === null ? hintId : undefined}
              loading={purchase.isPending && purchase.variables?.amountCents === amount}
            >
              {amount === null ? 'Buy' : `Buy for ${formatCents(amount)}`}
            </Button>
            <Button
              variant="light"
              color="red"
              disabled={merchant === null || purchase.isPending}
              onClick={() => buy(declinedAmount)}
            >
              Try a declined purchase
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {amount === null ? <span id={hintId}>Enter an amount to buy. </span> : null}A declined purchase asks for{' '}
            {formatCents(declinedAmount)}, more than the card holds.
          </Text>
          <div role="status" aria-live="polite">
            {outcome ? <OutcomeAlert outcome={outcome} /> : null}
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
