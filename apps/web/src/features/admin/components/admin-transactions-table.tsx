import type { Deposit } from '@coincard/shared';
import { Table, Text } from '@mantine/core';
import { AmountCell, AmountPaidCell, CoinCell, formatDepositDate } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { type SkeletonCell, TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { ProviderId } from './provider-id';

/** Fixed widths (the customer takes the rest), so paging does not shift the columns. */
const COLUMNS = [
  { label: 'Date', w: 176 },
  { label: 'Customer', w: undefined },
  { label: 'Amount', w: 104 },
  { label: 'Amount paid', w: 116 },
  { label: 'Coin', w: 132 },
  { label: 'Status', w: 124 },
  { label: 'Provider ID', w: 168 },
] as const;

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        {COLUMNS.map(({ label, w }) => (
          <Table.Th key={label} w={w} style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The wide layout: one row per deposit on the platform, newest first. */
export function AdminTransactionsTable({ deposits }: { deposits: readonly Deposit[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover layout="fixed">
        <Head />
        <Table.Tbody>
          {deposits.map((deposit) => (
            <Table.Tr key={deposit._id}>
              <Table.Td>
                <Text component="time" dateTime={deposit.createdAt} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDepositDate(deposit)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {deposit.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <AmountCell deposit={deposit} />
              </Table.Td>
              <Table.Td>
                <AmountPaidCell deposit={deposit} />
              </Table.Td>
              <Table.Td>
                <CoinCell deposit={deposit} />
              </Table.Td>
              <Table.Td>
                <DepositStatusBadge status={deposit.status} />
              </Table.Td>
              <Table.Td>
                <ProviderId id={deposit.transactionId} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SKELETON_CELLS: SkeletonCell[] = [
  { column: 'date', w: 120, h: 12 },
  { column: 'customer', w: 160, h: 12 },
  { column: 'amount', w: 64, h: 12 },
  { column: 'paid', w: 64, h: 12 },
  { column: 'coin', w: 90, h: 24 },
  { column: 'status', w: 76, h: 20 },
  { column: 'provider', w: 110, h: 12 },
];

/** Loading rows shaped like the table. */
export function AdminTransactionsTableSkeleton() {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" layout="fixed">
        <Head />
        <TableSkeletonRows cells={SKELETON_CELLS} rows={6} />
      </Table>
    </Table.ScrollContainer>
  );
}
