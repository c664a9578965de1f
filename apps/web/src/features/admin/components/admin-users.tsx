import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { IconUsers } from '../../../icons/IconUsers';
import { useUsersQuery } from '../api/get-users';
import { AdminListPanel } from './admin-list-panel';
import { AdminPageHeader } from './admin-page-header';
import { useListParams } from './use-list-params';
import { type UserDetailState, userDetailPath, usersColumns } from './users-table';

/** Every CoinCard account, 10 per page, searchable by e-mail or id (docs/product-rules.md, Lists and pagination). */
export function AdminUsers() {
  const list = useListParams();
  const query = useUsersQuery({ page: list.page, search: list.search });
  const navigate = useNavigate();
  const usersSearch = useLocation().search;
  const columns = useMemo(() => usersColumns({ usersSearch }), [usersSearch]);

  return (
    <Stack gap="lg">
      <AdminPageHeader title="Users" description="Every CoinCard account. Search by e-mail or user id." />
      <AdminListPanel
        noun="users"
        searchLabel="Search users"
        searchPlaceholder="Search by e-mail or user id"
        list={list}
        query={{ ...query, data: query.data && { meta: query.data.meta, items: query.data.users } }}
        empty={{
          icon: <IconUsers size={26} />,
          title: 'No users yet',
          description: 'Accounts appear here as soon as people sign up.',
        }}
        columns={columns}
        rowKey={(user) => user._id}
        onRowClick={(user) => void navigate(userDetailPath(user), { state: { usersSearch } satisfies UserDetailState })}
        minWidth={900}
      />
    </Stack>
  );
}
