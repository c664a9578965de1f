import { useParams } from 'react-router';
import { AdminUserDetail } from '../../features/admin/components/admin-user-detail';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminUserDetailRoute() {
  usePageTitle('User details');
  const { id = '' } = useParams();
  // Keyed by user: going from one user to another (a link in the audit trail) never shows the first one's data.
  return <AdminUserDetail key={id} userId={id} />;
}
