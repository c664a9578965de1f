import { PAGINATION_SIBLINGS } from '@coincard/shared';
import { Box, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue, useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { IconReceipt } from '../../../icons/IconReceipt';
import { useCardTransactionsQuery } from '../api/get-card-transactions';
import { CardTransactionRow } from './card-transaction-row';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];
const divider = { borderBottom: '1px solid var(--mantine-color-default-border)' } as const;

/** Five loading rows shaped like the real ones (docs/product-rules.md, Cards). */
export function HistorySkeleton() {
  return (
    <Stack gap={0} role="status" aria-label="Loading transactions">
      {SKELETON_ROWS.map((row) => (
        <Group key={row} wrap="nowrap" gap="sm" py="sm" style={divider}>
          <Skeleton h={40} w={40} radius="md" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="60%" />
            <Skeleton h={10} w="40%" />
          </Stack>
          <Skeleton h={12} w={56} />
        </Group>
      ))}
    </Stack>
  );
}

/** A card's transactions at the issuer, newest first, 10 per page, in a region scrolling within 56vh. */
export function CardTransactionHistory({ cardId }: { cardId: string }) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const { data: latest, isError, refetch, isPlaceholderData } = useCardTransactionsQuery(cardId, page);
  const data = useDeferredValue(latest);

  let body: ReactNode;
  if (data === undefined && !isError) {
    body = <HistorySkeleton />;
  } else if (isError || data === undefined) {
    body = <ErrorState title="Transactions unavailable" onRetry={() => void refetch()} />;
  } else if (data.transactions.length === 0) {
    body = (
      <EmptyState
        icon={<IconReceipt size={26} />}
        title="No transactions found."
        description="Purchases and refunds made with this card appear here, newest first."
      />
    );
  } else {
    body = (
      <Box
        component="ul"
        p={0}
        m={0}
        style={{
          listStyle: 'none',
          opacity: isPlaceholderData || data !== latest ? 0.6 : 1,
          transition: 'opacity 120ms',
        }}
      >
        {data.transactions.map((transaction, index) => (
          <li key={transaction._id} style={index < data.transactions.length - 1 ? divider : undefined}>
            <CardTransactionRow transaction={transaction} />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={titleId}
      aria-busy={(data === undefined && !isError) || isPlaceholderData || data !== latest}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            Transaction History
          </Title>
          {data && data.meta.total > 0 ? (
            <Text size="xs" c="dimmed">
              {data.meta.total} {data.meta.total === 1 ? 'transaction' : 'transactions'}
            </Text>
          ) : null}
        </Group>
        {/* Focusable so keyboard users can scroll it; named so screen readers know what it holds. */}
        <Box
          tabIndex={0}
          role="region"
          aria-label="Card transactions"
          className="mantine-focus-auto"
          mah="56vh"
          style={{ overflowY: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {body}
        </Box>
        {data && data.meta.pages > 1 ? (
          <Group justify="center" mt="xs" component="nav" aria-label="Transaction history pages">
            <Pagination
              total={data.meta.pages}
              value={page}
              onChange={setPage}
              siblings={PAGINATION_SIBLINGS}
              size="sm"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
