import { VerificationPage } from '../../features/cardholder/components/verification-page';
import { usePageTitle } from '../../lib/use-page-title';

/** /verify: the identity check a user passes before their first card. */
export function VerifyIdentityRoute() {
  usePageTitle('Verify your identity');
  return <VerificationPage />;
}
