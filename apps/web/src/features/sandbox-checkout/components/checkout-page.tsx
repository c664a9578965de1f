import { Box, Button, Container, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SandboxBanner } from '../../../components/sandbox-banner';
import { IconReceiptOff } from '../../../icons/IconReceiptOff';
import { isApiError } from '../../../lib/api-client';
import { useSecondsLeft } from '../../../lib/countdown';
import { useChooseOutcomeMutation } from '../api/choose-outcome';
import { type Checkout, useCheckoutQuery } from '../api/get-checkout';
import { CheckoutInvoice } from './checkout-invoice';
import { FinalState } from './final-state';
import { OutcomePanel } from './outcome-panel';

function CheckoutView({ checkout }: { checkout: Checkout }) {
  const secondsLeft = useSecondsLeft(checkout.expiresAt);
  const choose = useChooseOutcomeMutation(checkout.uuid);
  const { refetch } = useCheckoutQuery(checkout.uuid);
  const isExpired = !checkout.isFinal && secondsLeft === 0;

  // At the deadline the provider closes the invoice; read its final state.
  useEffect(() => {
    if (isExpired) void refetch();
  }, [isExpired, refetch]);

  const disabledReason = checkout.isFinal
    ? 'This payment is already final.'
    : isExpired
      ? 'This invoice has expired.'
      : null;

  return (
    <Stack gap="lg">
      <CheckoutInvoice checkout={checkout} secondsLeft={secondsLeft} />
      {checkout.isFinal ? <FinalState checkout={checkout} /> : null}
      <OutcomePanel
        checkout={checkout}
        disabledReason={disabledReason}
        pendingOutcome={choose.isPending ? (choose.variables?.outcome ?? null) : null}
        onChoose={(outcome, amountUsd) => choose.mutate({ uuid: checkout.uuid, outcome, amountUsd })}
      />
    </Stack>
  );
}

/** The sandbox provider's hosted checkout at /sandbox/checkout/{uuid}: public, outside the app's layout. */
export function CheckoutPage({ uuid }: { uuid: string }) {
  const query = useCheckoutQuery(uuid);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Paper withBorder radius="lg" p="xl" role="status" aria-label="Loading the payment">
        <Stack gap="md">
          <Skeleton h={28} w="40%" />
          <Skeleton h={40} w="70%" mx="auto" />
          <Skeleton h={16} w="50%" mx="auto" />
          <Skeleton h={60} />
        </Stack>
      </Paper>
    );
  } else if (query.isError && isApiError(query.error) && query.error.status === 404) {
    content = (
      <Paper withBorder radius="lg" p="md">
        <EmptyState
          headingLevel={2}
          icon={<IconReceiptOff size={26} />}
          title="This payment does not exist"
          description="The link may be mistyped or incomplete, or the payment was made on another CoinCard server."
          action={
            <Button component="a" href="/dashboard" mt="xs">
              Go to CoinCard
            </Button>
          }
        />
      </Paper>
    );
  } else if (query.isError) {
    content = <ErrorState title="The payment could not be loaded" onRetry={() => void query.refetch()} />;
  } else {
    content = <CheckoutView checkout={query.data} />;
  }

  return (
    <Box mih="100dvh" bg="var(--cc-backdrop)">
      <SandboxBanner standsInFor="the crypto payment provider" />
      <Container size={560} py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }} component="main">
        <Stack gap="xs" mb="md">
          <Text component="h1" fz={{ base: 'xl', sm: 26 }} fw={800} m={0}>
            Pay CoinCard
          </Text>
        </Stack>
        {content}
      </Container>
    </Box>
  );
}
