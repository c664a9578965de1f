import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
};

/** A friendly empty state: what is (not) here, why, and the next action when there is one. */
export function EmptyState({ icon, title, description, action, headingLevel = 3 }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={headingLevel} size="h4">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
