import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon } from '../icons/IconMoon';
import { IconSun } from '../icons/IconSun';

/** A menu item that switches between the light and dark colour schemes. */
export function ColorSchemeMenuItem() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const isDark = computed === 'dark';
  return (
    <Menu.Item
      leftSection={isDark ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
      closeMenuOnClick={false}
    >
      {isDark ? 'Light mode' : 'Dark mode'}
    </Menu.Item>
  );
}

/** A standalone icon button for pages without the avatar menu (auth and info screens). */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const isDark = computed === 'dark';
  const label = isDark ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
    >
      {isDark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
