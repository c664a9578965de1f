import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { GuestShell } from '../../features/auth/components/guest-shell';
import { InvalidResetLink, isResetLinkValid } from '../../features/auth/components/invalid-reset-link';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { usePageTitle } from '../../lib/use-page-title';

export function ResetPasswordRoute() {
  usePageTitle('Reset password');
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const exp = searchParams.get('exp');
  // Judged once when the page opens, so the form does not vanish mid-typing when the hour runs out.
  const [isValid] = useState(() => isResetLinkValid(code, exp));
  return <GuestShell>{isValid && code ? <ResetPasswordForm code={code} /> : <InvalidResetLink />}</GuestShell>;
}
