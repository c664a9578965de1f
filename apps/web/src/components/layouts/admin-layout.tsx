import type { User } from '@coincard/shared';
import { AppShell, Burger, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { IconArrowsExchange } from '../../icons/IconArrowsExchange';
import { IconClipboardCheck } from '../../icons/IconClipboardCheck';
import { IconHistory } from '../../icons/IconHistory';
import { IconLayoutDashboard } from '../../icons/IconLayoutDashboard';
import { IconStack2 } from '../../icons/IconStack2';
import { IconUsers } from '../../icons/IconUsers';
import { ErrorBoundary } from '../error-boundary';
import { Logo } from '../logo';
import { UserMenu } from './user-menu';

const ADMIN_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/users', label: 'Users', icon: IconUsers },
  { to: '/transactions', label: 'Transactions', icon: IconArrowsExchange },
  { to: '/reviews', label: 'Reviews', icon: IconClipboardCheck },
  { to: '/jobs', label: 'Jobs', icon: IconStack2 },
  { to: '/audit', label: 'Audit log', icon: IconHistory },
] as const;

type AdminLayoutProps = { user: User; children?: ReactNode };

function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Admin pages: a side navigation and a top bar; on narrow screens the navigation opens from a burger. */
export function AdminLayout({ user, children }: AdminLayoutProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={isNavOpen}
              aria-controls="admin-navigation"
            />
            <Link
              to="/dashboard"
              aria-label="CoinCard admin dashboard"
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <Group gap={8} wrap="nowrap">
                <Logo size="sm" />
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" visibleFrom="xs">
                  Admin
                </Text>
              </Group>
            </Link>
          </Group>
          <UserMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="admin-navigation" component="nav" aria-label="Admin">
        <Stack gap={4}>
          {ADMIN_LINKS.map(({ to, label, icon: Icon }) => (
            <MantineNavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              leftSection={<Icon size={18} aria-hidden />}
              active={isActivePath(pathname, to)}
              aria-current={isActivePath(pathname, to) ? 'page' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <ErrorBoundary>{children ?? <Outlet />}</ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
