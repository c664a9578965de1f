import { Stack } from '@mantine/core';
import { IconArrowsExchange } from '../../../icons/IconArrowsExchange';
import { useTransactionsQuery } from '../api/get-transactions';
import { AdminListPanel } from './admin-list-panel';
import { AdminPageHeader } from './admin-page-header';
import { depositColumns } from './deposit-columns';
import { useListParams } from './use-list-params';

const COLUMNS = depositColumns();

/** Every crypto deposit on the platform, 10 per page, searchable by customer e-mail or any of its ids. */
export function AdminTransactions() {
  const list = useListParams();
  const query = useTransactionsQuery({ page: list.page, search: list.search });

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Transactions"
        description="All crypto deposits across the platform. Search by customer e-mail, deposit id, order id or provider id."
      />
      <AdminListPanel
        noun="transactions"
        searchLabel="Search transactions"
        searchPlaceholder="E-mail, deposit, order or provider id"
        list={list}
        query={{ ...query, data: query.data && { meta: query.data.meta, items: query.data.transactions } }}
        empty={{
          icon: <IconArrowsExchange size={26} />,
          title: 'No transactions yet',
          description: 'Deposits appear here, newest first, as soon as customers add money with crypto.',
        }}
        columns={COLUMNS}
        rowKey={(deposit) => deposit._id}
        minWidth={980}
      />
    </Stack>
  );
}
