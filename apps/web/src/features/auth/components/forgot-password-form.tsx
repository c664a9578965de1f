import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { FORGOT_PASSWORD_SUCCESS, GENERIC_ERROR_FALLBACK } from './auth-messages';
import { FormErrorAlert } from './form-error-alert';

/** Asks for a password-reset e-mail. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const mutation = useForgotPasswordMutation();
  const canSubmit = email.trim().length > 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) mutation.mutate({ email: email.trim() });
  };

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
        {mutation.isSuccess ? (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
            {FORGOT_PASSWORD_SUCCESS}
          </Alert>
        ) : null}
        <FormErrorAlert error={mutation.error} fallback={GENERIC_ERROR_FALLBACK} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
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
