import { PageLoader } from '../../components/page-loader';
import { StatementPage } from '../../features/statement/components/statement-page';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

export function StatementRoute() {
  usePageTitle('Statement');
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return <StatementPage user={user} />;
}
