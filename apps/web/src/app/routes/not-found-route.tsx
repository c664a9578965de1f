import { Box } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { InfoHeader } from '../../features/info/components/info-header';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { NotFoundPage } from '../../features/not-found/not-found-page';
import { useCurrentUser } from '../../lib/current-user';
import { RoleLayout } from '../role-layout';

/**
 * Any path no route names (decision 035): the not-found page, inside the signed-in person's own shell (top bar,
 * their menu) when there is a session, else inside the public pages' header and footer.
 */
export function NotFoundRoute() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader label="Checking your session" fullScreen />;
  if (user) {
    return (
      <RoleLayout>
        <NotFoundPage isSignedIn />
      </RoleLayout>
    );
  }
  return (
    <Box bg="var(--mantine-color-body)" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <InfoHeader />
      <Box component="main" id="main-content" style={{ flexGrow: 1 }}>
        <NotFoundPage isSignedIn={false} />
      </Box>
      <SiteFooter />
    </Box>
  );
}
