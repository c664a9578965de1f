import { useParams } from 'react-router';
import { AdminUserDetail } from '../../features/admin/components/admin-user-detail';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminUserDetailRoute() {
  usePageTitle('User details');
  const { id = '' } = useParams();
  return <AdminUserDetail userId={id} />;
}
