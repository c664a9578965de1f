import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCreditCardOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';

/** Card details before cards exist: there is no card with this id to show yet. */
export function CardDetails() {
  return (
    <Stack gap="lg">
      <Button
        component={Link}
        to="/dashboard"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
      >
        Back to dashboard
      </Button>
      <Title order={1} size="h2">
        Card details
      </Title>
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          headingLevel={2}
          icon={<IconCreditCardOff size={26} />}
          title="Card not found"
          description="Virtual cards arrive soon. Once you create one, its number, balance, controls and transaction history are shown here."
          action={
            <Button component={Link} to="/dashboard" variant="light">
              Go to dashboard
            </Button>
          }
        />
      </Paper>
      <Text size="xs" c="dimmed" ta="center">
        CoinCard is not a bank. Cards are issued by our licensed card-issuing partner.
      </Text>
    </Stack>
  );
}
