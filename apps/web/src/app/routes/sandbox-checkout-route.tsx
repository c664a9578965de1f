import { useParams } from 'react-router';
import { CheckoutPage } from '../../features/sandbox-checkout/components/checkout-page';
import { usePageTitle } from '../../lib/use-page-title';

/** Public and outside the app layout: the sandbox provider's hosted checkout page. */
export function SandboxCheckoutRoute() {
  usePageTitle('Sandbox checkout');
  const { uuid = '' } = useParams();
  return <CheckoutPage uuid={uuid} />;
}
