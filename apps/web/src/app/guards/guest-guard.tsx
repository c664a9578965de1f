import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from '../../lib/current-user';
import { afterSignInPath } from '../../lib/redirect-url';
import { clearSigningOut } from '../../lib/sign-out-marker';

/**
 * Guest-only pages: a visitor who arrives already signed in goes to /dashboard (or the page named by a
 * safe redirectUrl). Someone who signs in on the page itself is navigated by that page, with its own state.
 */
export function GuestGuard() {
  const { data: user, isPending } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const arrivedSignedIn = useRef<boolean | null>(null);

  useEffect(clearSigningOut, []);

  if (isPending) return <PageLoader label="Checking your session" fullScreen />;
  if (arrivedSignedIn.current === null) arrivedSignedIn.current = Boolean(user);
  if (arrivedSignedIn.current && user) {
    return <Navigate to={afterSignInPath(searchParams.get('redirectUrl'))} replace />;
  }
  return <Outlet />;
}
