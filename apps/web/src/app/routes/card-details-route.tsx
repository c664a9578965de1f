import { CardDetails } from '../../features/cards/components/card-details';
import { usePageTitle } from '../../lib/use-page-title';

export function CardDetailsRoute() {
  usePageTitle('Card details');
  return <CardDetails />;
}
