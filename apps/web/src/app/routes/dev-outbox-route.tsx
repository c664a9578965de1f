import { OutboxPage } from '../../features/dev-outbox/components/outbox-page';
import { usePageTitle } from '../../lib/use-page-title';

/** Always registered; shows "not available" when the API answers 404 (production). */
export function DevOutboxRoute() {
  usePageTitle('Development outbox');
  return <OutboxPage />;
}
