import { AdminUsers } from '../../features/admin/components/admin-users';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminUsersRoute() {
  usePageTitle('Users');
  return <AdminUsers />;
}
