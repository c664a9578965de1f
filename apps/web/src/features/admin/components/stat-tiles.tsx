import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

export type StatTile = { label: string; value: string; hint?: string };

/** A few figures under a heading, each a label over its value (a description list for screen readers). */
export function StatTiles({ tiles, columns }: { tiles: readonly StatTile[]; columns?: number }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        // As many as fit, or a fixed number (4 figures read better 2 by 2 than 3 and 1).
        gridTemplateColumns: columns
          ? `repeat(${columns}, minmax(0, 1fr))`
          : 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))',
        gap: 'var(--mantine-spacing-sm)',
      }}
    >
      {tiles.map((tile) => (
        <Paper
          key={tile.label}
          radius="md"
          p="sm"
          bg="var(--mantine-color-default-hover)"
          style={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {tile.label}
          </Text>
          <Text component="dd" m={0} fz="lg" fw={700} style={tabular}>
            {tile.value}
            {tile.hint ? (
              <Text component="span" display="block" size="xs" fw={400} c="dimmed">
                {tile.hint}
              </Text>
            ) : null}
          </Text>
        </Paper>
      ))}
    </Box>
  );
}

type SectionProps = { title: string; description?: ReactNode; action?: ReactNode; children: ReactNode };

/** One panel of the user detail page, named by its heading. */
export function DetailSection({ title, description, action, children }: SectionProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} h="100%">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
        {action}
      </Stack>
    </Paper>
  );
}
