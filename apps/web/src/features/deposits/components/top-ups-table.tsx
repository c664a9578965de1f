import type { Deposit } from '@coincard/shared';
import { Table, VisuallyHidden } from '@mantine/core';
import { AmountCell, AmountPaidCell, CoinCell, formatDepositDate } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { type SkeletonCell, TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { PayLink } from './pay-link';

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Date</Table.Th>
        <Table.Th>Amount</Table.Th>
        <Table.Th>Amount paid</Table.Th>
        <Table.Th>Coin</Table.Th>
        <Table.Th>Status</Table.Th>
        <Table.Th>
          <VisuallyHidden>Payment</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/** The wide layout: one row per deposit, newest first. */
export function TopUpsTable({ deposits }: { deposits: readonly Deposit[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Head />
        <Table.Tbody>
          {deposits.map((deposit) => (
            <Table.Tr key={deposit._id}>
              <Table.Td>{formatDepositDate(deposit)}</Table.Td>
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
              <Table.Td ta="right">
                <PayLink deposit={deposit} />
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
  { column: 'amount', w: 64, h: 12 },
  { column: 'paid', w: 64, h: 12 },
  { column: 'coin', w: 90, h: 24 },
  { column: 'status', w: 76, h: 20 },
  { column: 'pay', h: 12 },
];

/** Loading rows shaped like the table. */
export function TopUpsTableSkeleton() {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm">
        <Head />
        <TableSkeletonRows cells={SKELETON_CELLS} rows={5} />
      </Table>
    </Table.ScrollContainer>
  );
}
