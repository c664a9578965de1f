import { JobConsole } from '../../features/admin/components/job-console';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminJobsRoute() {
  usePageTitle('Jobs');
  return <JobConsole />;
}
