import type { User } from '@coincard/shared';
import { useDisclosure } from '@mantine/hooks';
import { PageLoader } from '../../components/page-loader';
import { UserDashboard } from '../../features/dashboard/components/user-dashboard';
import { AddFundsModal } from '../../features/deposits/components/add-funds-modal';
import { RecentTransactions } from '../../features/deposits/components/recent-transactions';
import { useCurrentUser } from '../../lib/current-user';
import { lazyPage } from '../../lib/lazy-page';
import { usePageTitle } from '../../lib/use-page-title';

const AdminDashboardRoute = lazyPage(() => import('./admin-area'), 'AdminDashboardRoute');

/** The user dashboard with the deposits feature plugged in: Add Money opens Add Funds from either place. */
export function UserDashboardPage({ user }: { user: User }) {
  const [isAddFundsOpen, addFunds] = useDisclosure(false);
  return (
    <>
      <UserDashboard
        user={user}
        onAddMoney={addFunds.open}
        recentTransactions={<RecentTransactions onAddMoney={addFunds.open} />}
      />
      <AddFundsModal opened={isAddFundsOpen} onClose={addFunds.close} />
    </>
  );
}

/** One route, two dashboards: the admin one (admin chunk) or the user's own. */
export function DashboardRoute() {
  usePageTitle('Dashboard');
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return user.role === 'admin' ? <AdminDashboardRoute /> : <UserDashboardPage user={user} />;
}
