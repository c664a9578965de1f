import type { Deposit } from '@coincard/shared';
import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { AmountCell, AmountPaidCell, CoinCell, formatDepositDate } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
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
export function TransactionsTable({ deposits }: { deposits: readonly Deposit[] }) {
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

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];

/** Loading rows shaped like the table. */
export function TransactionsTableSkeleton() {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-busy="true">
        <Head />
        <Table.Tbody>
          {SKELETON_ROWS.map((row) => (
            <Table.Tr key={row}>
              <Table.Td>
                <Skeleton h={12} w={120} />
              </Table.Td>
              <Table.Td>
                <Skeleton h={12} w={64} />
              </Table.Td>
              <Table.Td>
                <Skeleton h={12} w={64} />
              </Table.Td>
              <Table.Td>
                <Skeleton h={24} w={90} />
              </Table.Td>
              <Table.Td>
                <Skeleton h={20} w={76} radius="sm" />
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
