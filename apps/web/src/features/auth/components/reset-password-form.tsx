import { isStrongPassword, PASSWORD_STRENGTH_MESSAGE } from '@coincard/shared';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrength } from '../../../components/password-strength';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { isApiError } from '../../../lib/api-client';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useResetPasswordMutation } from '../api/reset-password';
import { GENERIC_ERROR_FALLBACK } from './auth-messages';
import { FormErrorAlert } from './form-error-alert';
import { InvalidResetLink } from './invalid-reset-link';

const FIELDS = ['password'] as const;

type ResetPasswordFormProps = { code: string };

/** Sets a new password from a reset link. */
export function ResetPasswordForm({ code }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [showStrengthError, setShowStrengthError] = useState(false);
  const mutation = useResetPasswordMutation();
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const serverPasswordError = isApiError(mutation.error) ? mutation.error.fields?.password : undefined;
  // The server refused the password itself (a too-common one): said on the field, which gets the focus.
  useEffect(() => {
    if (serverPasswordError) focusFirstInvalid();
  }, [serverPasswordError, focusFirstInvalid]);

  if (mutation.isSuccess) {
    return (
      <Stack gap="md" align="center" ta="center">
        <Title order={1} size="h3">
          Password updated
        </Title>
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status" w="100%">
          {mutation.data.message}
        </Alert>
        <Button component={Link} to="/login" fullWidth size="md">
          Sign in
        </Button>
      </Stack>
    );
  }

  // Used or expired since the page opened: the same page as a link that was never valid, with the way to a new one.
  if (isApiError(mutation.error) && mutation.error.errorCode === 'InvalidCode') return <InvalidResetLink />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isStrongPassword(password)) {
      setShowStrengthError(true);
      focusFirstInvalid();
      return;
    }
    mutation.mutate({ password, verificationCode: code });
  };

  return (
    <form ref={ref} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h3">
            Set a new password
          </Title>
          <Text size="sm" c="dimmed">
            Choose a strong password you do not use anywhere else. Other signed-in devices will be signed out.
          </Text>
        </Stack>
        <FormErrorAlert error={mutation.error} fallback={GENERIC_ERROR_FALLBACK} fieldNames={FIELDS} />
        <Stack gap="xs">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            value={password}
            error={
              showStrengthError && !isStrongPassword(password)
                ? PASSWORD_STRENGTH_MESSAGE
                : (serverPasswordError ?? undefined)
            }
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              if (mutation.isError) mutation.reset();
            }}
          />
          <PasswordStrength password={password} showMeter />
        </Stack>
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
