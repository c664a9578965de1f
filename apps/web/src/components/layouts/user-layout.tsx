import type { User } from '@coincard/shared';
import { AppShell, Button, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { AlertBell } from '../../features/alerts/components/alert-bell';
import { useLiveEvents } from '../../lib/use-live-events';
import { ErrorBoundary } from '../error-boundary';
import { Logo } from '../logo';
import { UserMenu } from './user-menu';

const TOP_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/statement', label: 'Statement' },
  { to: '/referral-program', label: 'Referral Program' },
] as const;

type UserLayoutProps = { user: User; children?: ReactNode };

/** Signed-in user pages: a top bar with the logo, the alerts bell and a centred container; the live stream is open. */
export function UserLayout({ user, children }: UserLayoutProps) {
  useLiveEvents();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to="/dashboard" aria-label="CoinCard dashboard" style={{ color: 'inherit', textDecoration: 'none' }}>
              <Logo size="sm" />
            </Link>
            <Group gap="xs" wrap="nowrap">
              <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
                {TOP_LINKS.map((link) => (
                  <NavLink key={link.to} to={link.to} end style={{ textDecoration: 'none' }}>
                    {({ isActive }) => (
                      <Button
                        component="span"
                        variant={isActive ? 'light' : 'subtle'}
                        color={isActive ? undefined : 'gray'}
                      >
                        {link.label}
                      </Button>
                    )}
                  </NavLink>
                ))}
              </Group>
              <AlertBell />
              <UserMenu user={user} />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
          <ErrorBoundary>{children ?? <Outlet />}</ErrorBoundary>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
