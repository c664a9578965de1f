import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ResendButton } from '../../../components/resend-button';
import { IconMailCheck } from '../../../icons/IconMailCheck';
import { errorMessage } from '../../../lib/notify';
import { FORGOT_PASSWORD_SUCCESS, GENERIC_ERROR_FALLBACK } from './auth-messages';

type ResetLinkSentProps = {
  email: string;
  secondsLeft: number;
  isSending: boolean;
  error: unknown;
  onResend: (onSent: () => void) => void;
  onChangeEmail: () => void;
};

/**
 * After "Reset Password": the form is gone (nothing left to submit twice), the success message stays, and the link can
 * be sent again once the cooldown is over, or to another address.
 */
export function ResetLinkSent({ email, secondsLeft, isSending, error, onResend, onChangeEmail }: ResetLinkSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [sentAgain, setSentAgain] = useState(false);

  // The button that was pressed is gone: focus goes to what replaced it, not to the page's body.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Stack gap="md">
      <Title order={1} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        Check your inbox
      </Title>
      <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
        {FORGOT_PASSWORD_SUCCESS}
      </Alert>
      <Text size="sm" c="dimmed">
        If an account uses{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {email}
        </Text>
        , a link to set a new password is on its way. It works once, for one hour.
      </Text>
      <Stack gap={4} align="center">
        <Group justify="center" gap={6}>
          <Text size="sm" c="dimmed">
            Nothing yet?
          </Text>
          <ResendButton
            label="Send the link again"
            secondsLeft={secondsLeft}
            isPending={isSending}
            onResend={() =>
              onResend(() => {
                setSentAgain(true);
                // The button just turned off for the wait: focus goes back to the top rather than to the body.
                headingRef.current?.focus();
              })
            }
          />
        </Group>
        <div role="status">
          {error ? (
            <Text size="sm" ta="center" c="var(--mantine-color-error)">
              {errorMessage(error, GENERIC_ERROR_FALLBACK)}
            </Text>
          ) : sentAgain ? (
            <Text size="sm" ta="center" c="dimmed">
              Sent again. Only the newest link works.
            </Text>
          ) : null}
        </div>
      </Stack>
      <Group justify="center" gap="lg">
        <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
          Use a different e-mail
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          Back to login
        </Anchor>
      </Group>
    </Stack>
  );
}
