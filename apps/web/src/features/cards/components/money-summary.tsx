import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

export type SummaryLine = { label: string; value: string; isStrong?: boolean };

/** The figures of a money movement, one per line, spelled out before the user confirms. */
export function MoneySummary({ lines, footer, label }: { lines: SummaryLine[]; footer?: ReactNode; label: string }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" aria-label={label} component="section">
      <Stack gap={6}>
        {lines.map((line) => (
          <Group key={line.label} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c={line.isStrong ? undefined : 'dimmed'} fw={line.isStrong ? 600 : undefined}>
              {line.label}
            </Text>
            <Text size="sm" fw={line.isStrong ? 700 : 500} style={tabular}>
              {line.value}
            </Text>
          </Group>
        ))}
        {footer}
      </Stack>
    </Paper>
  );
}
