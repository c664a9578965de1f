import type { Role } from '@coincard/shared';
import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from '../../lib/current-user';
import { loginPathFor } from '../../lib/redirect-url';
import { isSigningOutNow } from '../../lib/sign-out-marker';

type AuthGuardProps = {
  roles: readonly Role[];
  /** The protected content; defaults to the nested route. */
  children?: ReactNode;
};

/**
 * Spinner while the current user loads; no user or an error sends the visitor to /login with the current
 * path as redirectUrl; a role outside `roles` goes to /dashboard.
 */
export function AuthGuard({ roles, children }: AuthGuardProps) {
  const { data, isPending, isFetching, isError } = useCurrentUser();
  const location = useLocation();
  // The answer about the session swaps the spinner for the whole signed-in page: the app's largest render. A query's
  // answer re-renders synchronously, one long task that froze a slow phone for half a second or more; the deferred
  // value renders the page in an interruptible background pass instead, yielding to the browser every few ms.
  const session = useDeferredValue(isPending || (isFetching && !data) ? 'checking' : isError ? null : (data ?? null));

  if (session === 'checking') return <PageLoader label="Checking your session" fullScreen />;
  const user = session;
  if (!user) {
    if (isSigningOutNow()) return <Navigate to="/login" replace />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (!roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  return <>{children ?? <Outlet />}</>;
}
