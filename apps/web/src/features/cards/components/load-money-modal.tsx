import {
  type Card,
  formatCents,
  LOAD_FEE_FIXED_CENTS,
  LOAD_FEE_PERCENT,
  LOADS_WITHOUT_STEP_UP_CENTS,
  MONTHLY_CARD_LIMIT_CENTS,
  parseDollarsToCents,
  quoteLoad,
} from '@coincard/shared';
import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useId, useRef, useState } from 'react';
import { IconAlertCircle } from '../../../icons/IconAlertCircle';
import { isOutcomeUnknown } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { errorMessage } from '../../../lib/notify';
import { needsStepUp } from '../../step-up/api/step-up';
import { StepUpPanel } from '../../step-up/components/step-up-panel';
import { useLoadQuoteQuery } from '../api/get-load-quote';
import { useLoadCardMutation } from '../api/load-card';
import { MoneySummary, type SummaryLine } from './money-summary';

/** The API quotes amounts up to twice the monthly limit; anything above can never be loaded. */
const MAX_QUOTED_CENTS = MONTHLY_CARD_LIMIT_CENTS * 2;
export const QUOTE_DEBOUNCE_MS = 300;
const FEE_TEXT = `${LOAD_FEE_PERCENT}% + ${formatCents(LOAD_FEE_FIXED_CENTS)}`;

function amountProblem(text: string, cents: number | null): string | null {
  if (!text.trim()) return null;
  if (cents === null) return 'Enter an amount in dollars, like 20 or 19.99.';
  if (cents === 0) return 'Enter an amount above $0.00.';
  if (cents > MAX_QUOTED_CENTS) return `A card takes at most ${formatCents(MONTHLY_CARD_LIMIT_CENTS)} a month.`;
  return null;
}

/** The Load Money form: amount, include-fee switch, the quote (instant, then confirmed by the API) and Load. */
function LoadMoneyForm({ card, onDone }: { card: Card; onDone: () => void }) {
  const reasonId = useId();
  const [amountText, setAmountText] = useState('');
  const [includesFee, setIncludesFee] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const [isAskingStepUp, setAskingStepUp] = useState(false);
  const { data: user } = useCurrentUser();
  const load = useLoadCardMutation();

  const cents = parseDollarsToCents(amountText);
  const inputProblem = amountProblem(amountText, cents);
  const amount = cents !== null && cents > 0 && inputProblem === null ? cents : null;
  const [debouncedAmount] = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const quoteQuery = useLoadQuoteQuery(card._id, debouncedAmount, includesFee);
  const quote = amount === null ? null : quoteLoad(amount, includesFee);
  const serverQuote =
    quoteQuery.data && quoteQuery.data.amount === amount && quoteQuery.data.includesFee === includesFee
      ? quoteQuery.data
      : null;
  const isChecking = amount !== null && serverQuote === null && !quoteQuery.isError;

  let reason: string | null = null;
  if (amount !== null && quoteQuery.isError && !serverQuote) {
    reason = errorMessage(quoteQuery.error, 'The quote could not be checked. Please try again.');
  } else if (serverQuote && !serverQuote.canLoad) {
    reason = serverQuote.reason ?? 'This load cannot go through now.';
  }
  const canConfirm = serverQuote?.canLoad === true && !load.isPending;

  const newAttempt = () => {
    attemptKey.current = null;
  };

  const send = () => {
    if (amount === null) return;
    attemptKey.current ??= crypto.randomUUID();
    load.mutate(
      { cardId: card._id, body: { amount, includesFee }, idempotencyKey: attemptKey.current },
      {
        onSuccess: onDone,
        onError: (error) => {
          // No answer: the load may have gone through; the same key answers it instead of loading twice.
          if (!isOutcomeUnknown(error)) newAttempt();
          // A large load needs the person to confirm it is them; it is sent again once they have.
          if (needsStepUp(error)) setAskingStepUp(true);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm) send();
  };

  const monthlyRemaining = serverQuote?.monthlyRemaining ?? Math.max(0, card.monthlyLimit - card.monthlyLoaded);
  const lines: SummaryLine[] = quote
    ? [
        { label: 'Card receives', value: formatCents(quote.cardReceives), isStrong: true },
        { label: `Fee (${FEE_TEXT})`, value: formatCents(quote.fee) },
        { label: 'Taken from your balance', value: formatCents(quote.balancePays), isStrong: true },
        // A negative "balance after" says nothing the refusal reason does not say better.
        ...(user && user.balance >= quote.balancePays
          ? [{ label: 'Balance after', value: formatCents(user.balance - quote.balancePays) }]
          : []),
      ]
    : [];

  if (isAskingStepUp) {
    return (
      <StepUpPanel
        reason={`Loads above ${formatCents(LOADS_WITHOUT_STEP_UP_CENTS)} a day need you to confirm it is you. The load of ${formatCents(quote?.cardReceives ?? 0)} goes through right after.`}
        onConfirmed={() => {
          setAskingStepUp(false);
          send();
        }}
        onCancel={() => setAskingStepUp(false)}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={includesFee ? 'Total to spend (USD)' : 'Amount to put on the card (USD)'}
          description={user ? `Your balance: ${formatCents(user.balance)}` : undefined}
          placeholder="50.00"
          inputMode="decimal"
          autoComplete="off"
          leftSection={<Text size="sm">$</Text>}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.currentTarget.value);
            newAttempt();
          }}
          error={inputProblem}
          data-autofocus
        />
        <Switch
          label="Include the fee in this amount"
          description={
            includesFee
              ? 'The amount is what leaves your balance; the card gets it minus the fee.'
              : 'The card gets this amount; the fee is added on top.'
          }
          checked={includesFee}
          onChange={(event) => {
            setIncludesFee(event.currentTarget.checked);
            newAttempt();
          }}
        />
        {quote ? (
          <MoneySummary
            label="Load quote"
            lines={lines}
            footer={
              <Text size="xs" c="dimmed">
                This card can take {formatCents(monthlyRemaining)} more this month (limit{' '}
                {formatCents(card.monthlyLimit)}).
              </Text>
            }
          />
        ) : (
          <Text size="sm" c="dimmed">
            The fee is {FEE_TEXT} of what the card receives. Enter an amount to see what it costs.
          </Text>
        )}
        {reason ? (
          <Alert
            id={reasonId}
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            p="xs"
          >
            {reason}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          {isChecking ? (
            <Group gap={6} wrap="nowrap" mr="auto" role="status">
              <Loader size={14} type="oval" aria-hidden />
              <Text size="xs" c="dimmed">
                Checking…
              </Text>
            </Group>
          ) : null}
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!canConfirm}
            loading={load.isPending}
            aria-describedby={reason ? reasonId : undefined}
          >
            {quote ? `Load ${formatCents(quote.cardReceives)}` : 'Load'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type LoadMoneyModalProps = { card: Card; opened: boolean; onClose: () => void };

export function LoadMoneyModal({ card, opened, onClose }: LoadMoneyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Load money onto ${card.name}`} centered radius="lg">
      <LoadMoneyForm card={card} onDone={onClose} />
    </Modal>
  );
}
