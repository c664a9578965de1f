import { AdminDashboard } from '../../features/admin/components/admin-dashboard';

/** The admin's /dashboard (its title is set by DashboardRoute, which picks it for admins). */
export function AdminDashboardRoute() {
  return <AdminDashboard />;
}
