import type { Role } from '@coincard/shared';
import { type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SignedInShell } from '../../components/layouts/signed-in-shell';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from '../../lib/current-user';
import { loginPathFor } from '../../lib/redirect-url';
import { isSigningOutNow } from '../../lib/sign-out-marker';
import { useHydrated } from '../../lib/use-hydrated';

type AuthGuardProps = {
  roles: readonly Role[];
  /** The protected content; defaults to the nested route. */
  children?: ReactNode;
  /**
   * The outermost guard of the signed-in area: shows the signed-in shell (the top bar and a spinner) until the session
   * and the layout's code are in, and while React adopts the shell prerendered into the page's HTML.
   */
  shell?: boolean;
};

/**
 * Spinner while the current user loads; no user or an error sends the visitor to /login with the current
 * path as redirectUrl; a role outside `roles` goes to /dashboard.
 */
export function AuthGuard({ roles, children, shell = false }: AuthGuardProps) {
  const { data: user, isPending, isFetching, isError } = useCurrentUser();
  const location = useLocation();
  const hydrated = useHydrated();

  if (shell && (!hydrated || isPending || (isFetching && !user))) return <SignedInShell />;
  if (isPending || (isFetching && !user)) return <PageLoader label="Checking your session" fullScreen />;
  if (!user || isError) {
    if (isSigningOutNow()) return <Navigate to="/login" replace />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (!roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  if (shell) return <Suspense fallback={<SignedInShell />}>{children ?? <Outlet />}</Suspense>;
  return <>{children ?? <Outlet />}</>;
}
