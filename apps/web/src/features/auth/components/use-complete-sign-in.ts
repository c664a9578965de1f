import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { afterSignInPath } from '../../../lib/redirect-url';
import { clearSigningOut } from '../../../lib/sign-out-marker';

/** Once the session cookies are set: load the user, then go to redirectUrl (when safe) or /dashboard. */
export function useCompleteSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectUrl = searchParams.get('redirectUrl');
  return useCallback(async () => {
    clearSigningOut();
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    navigate(afterSignInPath(redirectUrl), { replace: true });
  }, [navigate, queryClient, redirectUrl]);
}
