import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconMailCheck } from '../../../icons/IconMailCheck';

type CheckEmailProps = { email: string };

/** Shown after sign-up: the verification link is on its way. */
export function CheckEmail({ email }: CheckEmailProps) {
  return (
    <Stack align="center" gap="sm" ta="center" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
        <IconMailCheck size={30} />
      </ThemeIcon>
      <Title order={2} size="h3">
        Check your email
      </Title>
      <Text size="sm">
        We sent a verification link to{' '}
        <Text span fw={700}>
          {email}
        </Text>
        . Open it to activate your account.
      </Text>
      <Text size="xs" c="dimmed">
        The link is valid for 24 hours. Nothing arrived? Check your spam folder, or sign in to get a fresh link.
      </Text>
      <Button component={Link} to="/login" variant="light" mt="xs">
        Back to login
      </Button>
    </Stack>
  );
}
