import { nameFromEmail, type User } from '@coincard/shared';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { IconChevronDown } from '../../icons/IconChevronDown';
import { IconFileText } from '../../icons/IconFileText';
import { IconGift } from '../../icons/IconGift';
import { IconLayoutDashboard } from '../../icons/IconLayoutDashboard';
import { IconLogout } from '../../icons/IconLogout';
import { IconSettings } from '../../icons/IconSettings';
import { IconShieldLock } from '../../icons/IconShieldLock';
import { LEGAL_LINKS } from '../../lib/legal-notices';
import { useLogout } from '../../lib/use-logout';
import { ColorSchemeMenuItem } from '../color-scheme-toggle';

type UserMenuProps = { user: User };

/**
 * The avatar menu: Profile Settings (for administrators too: their own password and second factors), the colour
 * scheme and Logout. For users below 768px it also holds the Dashboard and Referral Program links of the top bar.
 */
export function UserMenu({ user }: UserMenuProps) {
  const logout = useLogout();
  const name = nameFromEmail(user.email);
  const isUser = user.role === 'user';
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu for ${name}`}
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="navy" radius="xl" size={34} aria-hidden>
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={600} maw={140} truncate visibleFrom="xs">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        {isUser ? (
          <>
            <Menu.Item
              hiddenFrom="sm"
              component={Link}
              to="/dashboard"
              leftSection={<IconLayoutDashboard size={16} aria-hidden />}
            >
              Dashboard
            </Menu.Item>
            <Menu.Item
              hiddenFrom="sm"
              component={Link}
              to="/referral-program"
              leftSection={<IconGift size={16} aria-hidden />}
            >
              Referral Program
            </Menu.Item>
          </>
        ) : null}
        <Menu.Item component={Link} to="/profile-settings" leftSection={<IconSettings size={16} aria-hidden />}>
          Profile Settings
        </Menu.Item>
        <ColorSchemeMenuItem />
        <Menu.Divider />
        <Menu.Label>Legal</Menu.Label>
        <Menu.Item component={Link} to={LEGAL_LINKS.terms.to} leftSection={<IconFileText size={16} aria-hidden />}>
          {LEGAL_LINKS.terms.label}
        </Menu.Item>
        <Menu.Item component={Link} to={LEGAL_LINKS.privacy.to} leftSection={<IconShieldLock size={16} aria-hidden />}>
          {LEGAL_LINKS.privacy.label}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
