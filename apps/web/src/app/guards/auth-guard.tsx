import type { Role } from '@coincard/shared';
import type { ReactNode } from 'react';
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
  const { data: user, isPending, isFetching, isError } = useCurrentUser();
  const location = useLocation();

  if (isPending || (isFetching && !user)) return <PageLoader label="Checking your session" fullScreen />;
  if (!user || isError) {
    if (isSigningOutNow()) return <Navigate to="/login" replace />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (!roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  return <>{children ?? <Outlet />}</>;
}
