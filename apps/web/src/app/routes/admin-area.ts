/**
 * Everything only admins load, behind one dynamic import so the bundler emits it as one "admin" chunk
 * that users never download.
 */
export { AdminLayout } from '../../components/layouts/admin-layout';
export { AdminAuditRoute } from './admin-audit-route';
export { AdminDashboardRoute } from './admin-dashboard-route';
export { AdminJobsRoute } from './admin-jobs-route';
export { AdminReviewsRoute } from './admin-reviews-route';
export { AdminTransactionsRoute } from './admin-transactions-route';
export { AdminUserDetailRoute } from './admin-user-detail-route';
export { AdminUsersRoute } from './admin-users-route';
