import { AuditLog } from '../../features/admin/components/audit-log';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminAuditRoute() {
  usePageTitle('Audit log');
  return <AuditLog />;
}
