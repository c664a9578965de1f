import { ReviewQueue } from '../../features/admin/components/review-queue';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminReviewsRoute() {
  usePageTitle('Reviews');
  return <ReviewQueue />;
}
