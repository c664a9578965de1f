import { useParams, useSearchParams } from 'react-router';
import { cardReturnPath } from '../../features/sandbox-card-simulator/components/return-path';
import { SimulatorPage } from '../../features/sandbox-card-simulator/components/simulator-page';
import { usePageTitle } from '../../lib/use-page-title';

/** Public and outside the app layout: the sandbox card issuer's spend simulator. */
export function SandboxCardSimulatorRoute() {
  usePageTitle('Spend simulator');
  const { cardId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return <SimulatorPage issuerCardId={cardId} returnTo={cardReturnPath(searchParams.get('return'))} />;
}
