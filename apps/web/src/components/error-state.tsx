import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '../icons/IconAlertTriangle';
import { IconRefresh } from '../icons/IconRefresh';

type ErrorStateProps = {
  title?: string;
  message?: string;
  onRetry?: () => void;
  headingLevel?: 2 | 3 | 4;
};

/** Something failed to load: say so plainly and offer a retry. */
export function ErrorState({
  title = 'Something went wrong',
  message = 'Failed to load. Please try again.',
  onRetry,
  headingLevel = 3,
}: ErrorStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center" role="alert">
      <ThemeIcon size={52} radius="xl" variant="light" color="red" aria-hidden>
        <IconAlertTriangle size={28} />
      </ThemeIcon>
      <Title order={headingLevel} size="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={420}>
        {message}
      </Text>
      {onRetry ? (
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Stack>
  );
}
