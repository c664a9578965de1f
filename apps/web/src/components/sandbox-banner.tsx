import { Box, Group, Text } from '@mantine/core';
import { IconFlask } from '../icons/IconFlask';

/** The yellow strip on top of every sandbox provider page: nothing here is real money. */
export function SandboxBanner({ standsInFor }: { standsInFor: string }) {
  return (
    <Box
      component="aside"
      aria-label="Sandbox notice"
      py="xs"
      px="md"
      bg="var(--mantine-color-yellow-light)"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-outline)' }}
    >
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconFlask size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" ta="center">
          <Text span fw={700} c="yellow">
            Sandbox — no real money moves.
          </Text>{' '}
          This page stands in for {standsInFor}.
        </Text>
      </Group>
    </Box>
  );
}
