import { type ActivityItem, type DepositStatus, formatCents } from '@coincard/shared';
import { Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTablePagination } from '../../../components/data-table/data-table';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { EmptyState } from '../../../components/empty-state';
import { IconReceipt } from '../../../icons/IconReceipt';
import { semanticColors } from '../../../theme';
import { PayLink } from '../../deposits/components/pay-link';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** "+$25.00" green, "-$3.10" plain: the sign says it, not only the colour. A decline moved nothing: "—". */
function Amount({ line }: { line: ActivityItem }) {
  if (line.kind === 'decline')
    return (
      <Text size="sm" c="dimmed" style={tabular}>
        <span aria-hidden>—</span>
        <VisuallyHidden>Nothing moved</VisuallyHidden>
      </Text>
    );
  const moneyIn = line.amount > 0;
  // A top-up not credited (pending, expired, failed) says what was asked; it is not money that arrived.
  const notCredited = line.kind === 'top_up' && line.balanceAfter === null;
  return (
    <Text size="sm" fw={600} c={notCredited ? 'dimmed' : moneyIn ? semanticColors.success : undefined} style={tabular}>
      {formatCents(line.amount, 'always')}
    </Text>
  );
}

function Status({ line, size }: { line: ActivityItem; size?: 'sm' | 'md' }) {
  if (line.kind === 'top_up')
    return <DepositStatusBadge status={line.status.toUpperCase() as DepositStatus} size={size} />;
  if (line.status === 'declined')
    return (
      <Badge size={size} variant="light" color={semanticColors.danger} radius="sm" tt="none">
        Declined
      </Badge>
    );
  return null;
}

/** What the line concerns, under its description: the decline's reason, the on-chain hash. */
function Details({ line }: { line: ActivityItem }) {
  const notes: ReactNode[] = [];
  if (line.reason) notes.push(`Reason: ${line.reason}`);
  if (line.topUp?.txHash) notes.push(`Tx ${line.topUp.txHash.slice(0, 10)}…${line.topUp.txHash.slice(-6)}`);
  if (line.balanceAfter === null && line.kind !== 'decline' && line.kind !== 'top_up')
    notes.push(line.cardId ? 'On the card' : 'Not in your balance yet');
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {line.description}
      </Text>
      {notes.map((note) => (
        <Text key={String(note)} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      ))}
    </Stack>
  );
}

const COLUMNS: DataTableColumn<ActivityItem>[] = [
  {
    key: 'date',
    header: 'Date',
    render: (line) => (
      <Text component="time" dateTime={line.createdAt} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {dateTime.format(new Date(line.createdAt))}
      </Text>
    ),
    renderStacked: (line) => (
      <Text component="time" dateTime={line.createdAt} size="xs">
        {dateTime.format(new Date(line.createdAt))}
      </Text>
    ),
    width: 170,
    skeleton: { w: 120, h: 12 },
  },
  {
    key: 'description',
    header: 'Description',
    render: (line) => <Details line={line} />,
    stacked: 'title',
    skeleton: { w: 180, h: 12 },
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    render: (line) => <Amount line={line} />,
    stacked: 'aside',
    width: 110,
    skeleton: { w: 64, h: 12 },
  },
  {
    key: 'balance',
    header: 'Balance after',
    align: 'right',
    render: (line) => (
      <Text size="sm" c={line.balanceAfter === null ? 'dimmed' : undefined} style={tabular}>
        {line.balanceAfter === null ? '—' : formatCents(line.balanceAfter)}
      </Text>
    ),
    width: 120,
    skeleton: { w: 64, h: 12 },
  },
  {
    key: 'status',
    header: 'Status',
    render: (line) => <Status line={line} />,
    renderStacked: (line) => <Status line={line} size="sm" />,
    stacked: 'footer',
    width: 120,
    skeleton: { w: 76, h: 20 },
  },
  {
    key: 'pay',
    header: 'Payment',
    hideHeader: true,
    align: 'right',
    render: (line) =>
      line.topUp ? (
        <PayLink
          deposit={{
            status: line.status.toUpperCase() as DepositStatus,
            paymentUrl: line.topUp.paymentUrl,
            expiresAt: line.topUp.expiresAt,
            amount: line.topUp.requested,
            currency: line.topUp.coin,
          }}
        />
      ) : null,
    stacked: 'footer',
    width: 80,
  },
];

type StatementTableProps = {
  label: string;
  lines: readonly ActivityItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  isRefreshing: boolean;
  pagination: DataTablePagination | null;
  empty?: ReactNode;
  skeletonRows?: number;
};

/** Statement lines as a table (a stack of items on phones): newest first, each with the balance after it. */
export function StatementTable(props: StatementTableProps) {
  return (
    <DataTable
      label={props.label}
      noun="statement lines"
      columns={COLUMNS}
      rows={props.lines}
      rowKey={(line) => line.id}
      isLoading={props.isLoading}
      isError={props.isError}
      onRetry={props.onRetry}
      errorTitle="Statement unavailable"
      isRefreshing={props.isRefreshing}
      minWidth={720}
      skeletonRows={props.skeletonRows}
      pagination={props.pagination}
      empty={
        props.empty ?? (
          <EmptyState
            icon={<IconReceipt size={26} />}
            title="Nothing here"
            description="No line of your statement matches these filters."
          />
        )
      }
    />
  );
}
