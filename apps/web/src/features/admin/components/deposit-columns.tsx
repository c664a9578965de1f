import type { Deposit } from '@coincard/shared';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { AmountCell, AmountPaidCell, CoinCell, formatDepositDate } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { ProviderId } from './provider-id';

type DepositColumnOptions = {
  /** Leave out the customer (a list of one user's deposits). */
  withCustomer?: boolean;
  /** Leave out the provider id (the dashboard's short list). */
  withProviderId?: boolean;
};

/**
 * The columns of a platform deposits list (fixed widths, the customer takes the rest), shared by Transactions, the
 * dashboard's Recent Platform Transactions and a user's deposits.
 */
export function depositColumns({ withCustomer = true, withProviderId = true }: DepositColumnOptions = {}) {
  const columns: (DataTableColumn<Deposit> | null)[] = [
    {
      key: 'date',
      header: 'Date',
      width: 176,
      render: (deposit) => (
        <Text component="time" dateTime={deposit.createdAt} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDepositDate(deposit)}
        </Text>
      ),
      skeleton: { w: 120, h: 12 },
    },
    withCustomer
      ? {
          key: 'customer',
          header: 'Customer',
          render: (deposit) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {deposit.email}
            </Text>
          ),
          renderStacked: (deposit) => (
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {deposit.email}
            </Text>
          ),
          skeleton: { w: 160, h: 12 },
        }
      : null,
    {
      key: 'amount',
      header: 'Amount',
      width: 104,
      render: (deposit) => <AmountCell deposit={deposit} />,
      stacked: 'aside',
      skeleton: { w: 64, h: 12 },
    },
    {
      key: 'paid',
      header: 'Amount paid',
      width: 116,
      render: (deposit) => <AmountPaidCell deposit={deposit} />,
      skeleton: { w: 64, h: 12 },
    },
    {
      key: 'coin',
      header: 'Coin',
      width: 132,
      render: (deposit) => <CoinCell deposit={deposit} />,
      stacked: 'title',
      skeleton: { w: 90, h: 24 },
    },
    {
      key: 'status',
      header: 'Status',
      width: 124,
      render: (deposit) => <DepositStatusBadge status={deposit.status} />,
      renderStacked: (deposit) => <DepositStatusBadge status={deposit.status} size="sm" />,
      stacked: 'aside',
      skeleton: { w: 76, h: 20 },
    },
    withProviderId
      ? {
          key: 'provider',
          header: 'Provider ID',
          width: 168,
          render: (deposit) => <ProviderId id={deposit.transactionId} />,
          skeleton: { w: 110, h: 12 },
        }
      : null,
  ];
  return columns.filter((column): column is DataTableColumn<Deposit> => column !== null);
}
