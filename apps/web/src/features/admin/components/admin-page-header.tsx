import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AdminPageHeaderProps = { title: string; description?: ReactNode };

export function AdminPageHeader({ title, description }: AdminPageHeaderProps) {
  return (
    <Stack gap={2}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
