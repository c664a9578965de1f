import type { User } from '@coincard/shared';
import { useDisclosure } from '@mantine/hooks';
import { useDeferredValue, useMemo } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useCardholderQuery } from '../../features/cardholder/api/get-cardholder';
import { useCardsQuery } from '../../features/cards/api/get-cards';
import { CreateCardDialog } from '../../features/cards/components/create-card-dialog';
import { MyCardsPanel } from '../../features/cards/components/my-cards-panel';
import { UserDashboard } from '../../features/dashboard/components/user-dashboard';
import { AddFundsDialog } from '../../features/deposits/components/add-funds-dialog';
import { RecentActivity } from '../../features/statement/components/recent-activity';
import { useCurrentUser } from '../../lib/current-user';
import { lazyPage } from '../../lib/lazy-page';
import { usePageTitle } from '../../lib/use-page-title';

const AdminDashboardRoute = lazyPage(() => import('./admin-area'), 'AdminDashboardRoute');

/**
 * The user dashboard with the cards, deposits and cardholder features plugged in: Add Money opens Add Funds, Create
 * Card opens the card form from either place they appear, and until the user is a verified cardholder both say where
 * their identity check stands and lead to it (it is read again while pending, so Create Card appears without a reload).
 */
export function UserDashboardPage({ user }: { user: User }) {
  const verification = useDeferredValue(useCardholderQuery({ enabled: !user.cardholderId }).data?.status ?? null);
  const [isAddFundsOpen, addFunds] = useDisclosure(false);
  const [isCreateCardOpen, createCard] = useDisclosure(false);
  const cards = useDeferredValue(useCardsQuery().data);
  // The dashboard (memoised) renders again only when what it shows changes: answers land here at once and are
  // rendered in the background (decision 040), and opening a dialog re-renders this page but not the dashboard.
  const myCards = useMemo(
    () => <MyCardsPanel user={user} verification={verification} onCreateCard={createCard.open} />,
    [user, verification, createCard.open],
  );
  const recentTopUps = useMemo(() => <RecentActivity onAddMoney={addFunds.open} />, [addFunds.open]);
  return (
    <>
      <UserDashboard
        user={user}
        cardCount={cards?.length ?? null}
        verification={verification}
        onAddMoney={addFunds.open}
        onCreateCard={createCard.open}
        myCards={myCards}
        recentTopUps={recentTopUps}
      />
      <AddFundsDialog opened={isAddFundsOpen} onClose={addFunds.close} />
      <CreateCardDialog opened={isCreateCardOpen} onClose={createCard.close} balance={user.balance} />
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
