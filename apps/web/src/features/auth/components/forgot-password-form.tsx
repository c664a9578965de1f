import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useCooldown } from '../../../lib/use-cooldown';
import { useHydrated } from '../../../lib/use-hydrated';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { GENERIC_ERROR_FALLBACK } from './auth-messages';
import { FormErrorAlert } from './form-error-alert';
import { ResetLinkSent } from './reset-link-sent';

/** A sent link may take a minute to arrive; asking again sooner only fills the inbox (and the rate limit). */
export const RESEND_LINK_COOLDOWN_SECONDS = 60;

/** Asks for a password-reset e-mail; once sent, the form gives way to what happens next and a delayed resend. */
export function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useForgotPasswordMutation();
  const cooldown = useCooldown();
  const canSubmit = email.trim().length > 0;

  const send = (address: string, onSent: () => void) =>
    mutation.mutate(
      { email: address },
      {
        onSuccess: () => {
          cooldown.start(RESEND_LINK_COOLDOWN_SECONDS);
          onSent();
        },
      },
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (canSubmit) send(address, () => setSentTo(address));
  };

  if (sentTo) {
    return (
      <ResetLinkSent
        email={sentTo}
        secondsLeft={cooldown.secondsLeft}
        isSending={mutation.isPending}
        error={mutation.error}
        onResend={(onSent) => send(sentTo, onSent)}
        onChangeEmail={() => {
          mutation.reset();
          setSentTo(null);
        }}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h3">
            Forgot your password?
          </Title>
          <Text size="sm" c="dimmed">
            Enter the e-mail address of your account and we will send you a link to set a new password.
          </Text>
        </Stack>
        <FormErrorAlert error={mutation.error} fallback={GENERIC_ERROR_FALLBACK} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={!hydrated}
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth size="md" disabled={!canSubmit} loading={mutation.isPending}>
          Reset Password
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
