import { AuthScreen, type AuthTab } from '../../features/auth/components/auth-screen';
import { usePageTitle } from '../../lib/use-page-title';

export function AuthRoute({ tab }: { tab: AuthTab }) {
  usePageTitle(tab === 'login' ? 'Login' : 'Sign Up');
  return <AuthScreen tab={tab} />;
}
