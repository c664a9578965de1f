import { PageLoader } from '../../components/page-loader';
import { ProfileSettings } from '../../features/profile/components/profile-settings';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

export function ProfileSettingsRoute() {
  usePageTitle('Profile Settings');
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return <ProfileSettings user={user} />;
}
