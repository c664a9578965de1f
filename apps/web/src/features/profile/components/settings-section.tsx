import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SettingsSectionProps = {
  id: string;
  title: string;
  description: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
};

export function SettingsSection({ id, title, description, aside, children }: SettingsSectionProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={id}>
            {title} {aside}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
