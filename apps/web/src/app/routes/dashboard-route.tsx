import { PageLoader } from '../../components/page-loader';
import { UserDashboard } from '../../features/dashboard/components/user-dashboard';
import { useCurrentUser } from '../../lib/current-user';
import { lazyPage } from '../../lib/lazy-page';
import { usePageTitle } from '../../lib/use-page-title';

const AdminDashboardRoute = lazyPage(() => import('./admin-area'), 'AdminDashboardRoute');

/** One route, two dashboards: the admin one (admin chunk) or the user's own. */
export function DashboardRoute() {
  usePageTitle('Dashboard');
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return user.role === 'admin' ? <AdminDashboardRoute /> : <UserDashboard user={user} />;
}
