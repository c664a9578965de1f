import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { IconArrowLeft } from '../../icons/IconArrowLeft';
import { IconLayoutDashboard } from '../../icons/IconLayoutDashboard';
import { IconLogin } from '../../icons/IconLogin';
import { IconMapQuestion } from '../../icons/IconMapQuestion';
import { usePageTitle } from '../../lib/use-page-title';

type NotFoundPageProps = { isSignedIn: boolean };

/**
 * An address that names no page: said plainly, with the way on for who is looking. A signed-in person goes back to
 * their dashboard (they are still signed in, whatever the landing page would suggest); a guest to the home page or to
 * sign in.
 */
export function NotFoundPage({ isSignedIn }: NotFoundPageProps) {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <Stack align="center" gap="md" py={{ base: 48, sm: 80 }} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconMapQuestion size={34} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed" maw={460} style={{ overflowWrap: 'anywhere' }}>
        There is no page at <strong>{pathname}</strong>. The link may be old or mistyped.
        {isSignedIn ? ' You are still signed in.' : ''}
      </Text>
      <Group justify="center" gap="sm">
        {isSignedIn ? (
          <Button component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
            Go to your dashboard
          </Button>
        ) : (
          <>
            <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              Go to the home page
            </Button>
            <Button component={Link} to="/login" leftSection={<IconLogin size={16} aria-hidden />}>
              Sign in
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
