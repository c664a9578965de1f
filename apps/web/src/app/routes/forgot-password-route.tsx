import { AuthFooter } from '../../features/auth/components/auth-notices';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { GuestShell } from '../../features/auth/components/guest-shell';
import { usePageTitle } from '../../lib/use-page-title';

export function ForgotPasswordRoute() {
  usePageTitle('Forgot password');
  return (
    <GuestShell footer={<AuthFooter />}>
      <ForgotPasswordForm />
    </GuestShell>
  );
}
