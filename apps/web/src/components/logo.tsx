import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '../icons/IconCreditCard';

type LogoProps = { size?: 'sm' | 'md' | 'lg' };

const ICON_SIZE = { sm: 28, md: 34, lg: 44 } as const;
const TEXT_SIZE = { sm: 'md', md: 'lg', lg: 'xl' } as const;

/** The CoinCard word mark. Decorative icon; the name is the accessible text. */
export function Logo({ size = 'md' }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={ICON_SIZE[size]} radius="md" variant="gradient" gradient={{ from: 'navy.6', to: 'navy.9' }}>
        <IconCreditCard size={ICON_SIZE[size] * 0.6} aria-hidden />
      </ThemeIcon>
      <Text fw={800} fz={TEXT_SIZE[size]} lh={1} data-logo-wordmark>
        CoinCard
      </Text>
    </Group>
  );
}
