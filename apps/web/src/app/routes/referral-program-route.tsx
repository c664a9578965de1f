import { PageLoader } from '../../components/page-loader';
import { ReferralProgram } from '../../features/referrals/components/referral-program';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

export function ReferralProgramRoute() {
  usePageTitle('Referral Program');
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return <ReferralProgram user={user} />;
}
