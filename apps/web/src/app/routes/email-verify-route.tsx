import { useParams } from 'react-router';
import { EmailVerification } from '../../features/auth/components/email-verification';
import { GuestShell } from '../../features/auth/components/guest-shell';
import { usePageTitle } from '../../lib/use-page-title';

export function EmailVerifyRoute() {
  usePageTitle('Verify email');
  const { code = '' } = useParams();
  return (
    <GuestShell>
      <EmailVerification key={code} code={code} />
    </GuestShell>
  );
}
