import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { UserLayout } from '../components/layouts/user-layout';
import { PageLoader } from '../components/page-loader';
import { useCurrentUser } from '../lib/current-user';
import { lazyPage } from '../lib/lazy-page';

const AdminLayout = lazyPage(() => import('./routes/admin-area'), 'AdminLayout');

/**
 * Admins get the admin shell (its own chunk); users get the top-bar shell. Rendered inside AuthGuard, around the nested
 * route or `children` (the not-found page of a signed-in person).
 */
export function RoleLayout({ children }: { children?: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader fullScreen />;
  const page = <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>;
  if (user.role === 'admin') {
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <AdminLayout user={user}>{page}</AdminLayout>
      </Suspense>
    );
  }
  return <UserLayout user={user}>{page}</UserLayout>;
}
