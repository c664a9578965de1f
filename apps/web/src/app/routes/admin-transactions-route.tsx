import { AdminTransactions } from '../../features/admin/components/admin-transactions';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminTransactionsRoute() {
  usePageTitle('Transactions');
  return <AdminTransactions />;
}
