import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconLinkOff } from '../../../icons/IconLinkOff';

/** A reset link without a code, or past its expiry time. */
export function InvalidResetLink() {
  return (
    <Stack align="center" gap="sm" ta="center" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
        <IconLinkOff size={30} />
      </ThemeIcon>
      <Title order={1} size="h3">
        Invalid or expired link
      </Title>
      <Text size="sm" c="dimmed">
        Password reset links work once and for one hour. Ask for a new one and use the latest e-mail.
      </Text>
      <Button component={Link} to="/password/forgot" mt="xs">
        Request a new link
      </Button>
    </Stack>
  );
}

/**
 * The link is valid only if `code` is present and `exp` is a unix-ms timestamp in the future (docs/product-rules.md,
 * Sessions and security).
 */
export function isResetLinkValid(code: string | null, exp: string | null, now = Date.now()): boolean {
  if (!code || !exp || !/^\d+$/.test(exp)) return false;
  return Number(exp) > now;
}
