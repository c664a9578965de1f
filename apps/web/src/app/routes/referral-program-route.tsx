import { useDisclosure } from '@mantine/hooks';
import { PageLoader } from '../../components/page-loader';
import { AddFundsDialog } from '../../features/deposits/components/add-funds-dialog';
import { ReferralProgram } from '../../features/referrals/components/referral-program';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

/** The referral page, with Add Money (deposits feature) at hand for a balance under the link's $50. */
export function ReferralProgramRoute() {
  usePageTitle('Referral Program');
  const { data: user } = useCurrentUser();
  const [isAddFundsOpen, addFunds] = useDisclosure(false);
  if (!user) return <PageLoader />;
  return (
    <>
      <ReferralProgram user={user} onAddMoney={addFunds.open} />
      <AddFundsDialog opened={isAddFundsOpen} onClose={addFunds.close} />
    </>
  );
}
