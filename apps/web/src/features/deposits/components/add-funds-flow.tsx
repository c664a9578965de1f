import { type Coin, type Deposit, findCoin, type NetworkCode } from '@coincard/shared';
import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { IconX } from '../../../icons/IconX';
import { isOutcomeUnknown } from '../../../lib/api-client';
import { useCreateDepositMutation } from '../api/create-deposit';
import { AmountStep } from './amount-step';
import { CoinPicker } from './coin-picker';
import { validDepositCents } from './deposit-amount';
import { PaymentStep } from './payment-step';

type AddFundsFlowProps = { onClose: () => void };

/**
 * The three steps of Add Money (docs/product-rules.md, Deposits). Its state lives here and the modal unmounts it on
 * close, so closing resets everything. One Idempotency-Key per attempt: a double click sends the same key and gets the
 * same deposit.
 */
export function AddFundsFlow({ onClose }: AddFundsFlowProps) {
  const isNarrow = useMediaQuery('(max-width: 36em)');
  const [active, setActive] = useState(0);
  const [coinCode, setCoinCode] = useState<string | null>(null);
  const [network, setNetwork] = useState<NetworkCode | null>(null);
  const [amountText, setAmountText] = useState('');
  const [deposit, setDeposit] = useState<Deposit | null>(null);
  const [finalStatus, setFinalStatus] = useState<Deposit['status'] | null>(null);
  const attemptKey = useRef<string | null>(null);
  const createDeposit = useCreateDepositMutation();
  const coin = coinCode ? findCoin(coinCode) : undefined;

  const startNewAttempt = () => {
    attemptKey.current = null;
  };

  const chooseCoin = (chosen: Coin) => {
    if (chosen.code !== coinCode) {
      setCoinCode(chosen.code);
      setNetwork(chosen.networks[0] ?? null);
      startNewAttempt();
    }
    setActive(1);
  };

  const submit = () => {
    const amountInUsd = validDepositCents(amountText);
    if (!coinCode || !network || amountInUsd === null) return;
    attemptKey.current ??= crypto.randomUUID();
    createDeposit.mutate(
      { body: { currency: coinCode, network, amountInUsd }, idempotencyKey: attemptKey.current },
      {
        onSuccess: (created) => {
          setDeposit(created);
          setActive(2);
        },
        onError: (error) => {
          // No answer: the top-up may exist; the same key answers it instead of opening a second invoice.
          if (!isOutcomeUnknown(error)) startNewAttempt();
        },
      },
    );
  };

  // The rest of an underpaid invoice: a fresh top-up in the same coin and network, its amount typed in for the person.
  const topUpRest = (cents: number) => {
    setDeposit(null);
    setFinalStatus(null);
    setAmountText((cents / 100).toFixed(2));
    startNewAttempt();
    setActive(1);
  };

  const canRevisit = (step: number) => deposit === null && step < active;
  // A final invoice completes the last step too: a check for money received, a cross for one that expired or failed.
  const isUnpaid = finalStatus !== null && !finalStatus.startsWith('PAID');
  const paymentStep = deposit ? (
    <PaymentStep deposit={deposit} onClose={onClose} onFinal={setFinalStatus} onTopUpRest={topUpRest} />
  ) : null;

  return (
    <Stepper
      active={finalStatus ? 3 : active}
      onStepClick={(step) => {
        if (canRevisit(step)) setActive(step);
      }}
      size="sm"
      iconSize={isNarrow ? 26 : 34}
      allowNextStepsSelect={false}
      // On a 320 px phone the three steps fit on one line only with short separators.
      styles={{
        steps: { marginBottom: 'var(--mantine-spacing-lg)', flexWrap: 'nowrap' },
        separator: isNarrow ? { marginInline: 6 } : undefined,
        stepBody: isNarrow ? { marginInlineStart: 6 } : undefined,
      }}
    >
      <Stepper.Step
        label="Coin"
        description={isNarrow ? undefined : 'Choose a cryptocurrency'}
        allowStepSelect={canRevisit(0)}
      >
        <CoinPicker selected={coinCode} onChoose={chooseCoin} />
      </Stepper.Step>
      <Stepper.Step
        label="Amount"
        description={isNarrow ? undefined : 'Network and amount'}
        allowStepSelect={canRevisit(1)}
      >
        {coin ? (
          <AmountStep
            coin={coin}
            network={network}
            onNetworkChange={(value) => {
              setNetwork(value);
              startNewAttempt();
            }}
            amountText={amountText}
            onAmountChange={(text) => {
              setAmountText(text);
              startNewAttempt();
            }}
            onBack={() => setActive(0)}
            onContinue={submit}
            isSubmitting={createDeposit.isPending}
          />
        ) : null}
      </Stepper.Step>
      <Stepper.Step
        label="Payment"
        description={isNarrow ? undefined : 'Pay the invoice'}
        allowStepSelect={false}
        completedIcon={isUnpaid ? <IconX size={isNarrow ? 16 : 18} aria-hidden /> : undefined}
        color={isUnpaid ? 'gray' : undefined}
      >
        {paymentStep}
      </Stepper.Step>
      {/* The same element in the same place as in the step: React keeps it, focus and all. */}
      <Stepper.Completed>{paymentStep}</Stepper.Completed>
    </Stepper>
  );
}
