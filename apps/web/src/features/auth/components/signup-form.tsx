import { isStrongPassword, PASSWORD_STRENGTH_MESSAGE } from '@coincard/shared';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrength } from '../../../components/password-strength';
import { IconGift } from '../../../icons/IconGift';
import { isApiError } from '../../../lib/api-client';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useHydrated } from '../../../lib/use-hydrated';
import { useRegisterMutation } from '../api/register';
import { REGISTRATION_ERROR_FALLBACK } from './auth-messages';
import { CheckEmail } from './check-email';
import { FormErrorAlert } from './form-error-alert';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type SignupValues = { email: string; password: string; confirmPassword: string };
const FIELDS = ['email', 'password', 'confirmPassword'] as const;

/** Sign-up: the password must pass the strength rules and the confirmation must match before it is sent. */
export function SignupForm() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const referredBy = searchParams.get('ref')?.trim() || undefined;
  const registerMutation = useRegisterMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();

  const form = useForm<SignupValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: {
      email: (value) => {
        if (!value.trim()) return 'E-mail is required.';
        return EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid e-mail address.';
      },
      password: (value) => (isStrongPassword(value) ? null : PASSWORD_STRENGTH_MESSAGE),
      confirmPassword: (value, values) => (value === values.password ? null : 'Passwords do not match.'),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    const email = values.email.trim();
    registerMutation.mutate(
      { email, password: values.password, confirmPassword: values.confirmPassword, referredBy },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => {
          // Said once, on the field it is about (a too-common password); the banner is for the rest.
          if (!isApiError(error)) return;
          const fields = Object.entries(error.fields ?? {}).filter(([name]) =>
            (FIELDS as readonly string[]).includes(name),
          );
          if (fields.length === 0) return;
          form.setErrors(Object.fromEntries(fields));
          focusFirstInvalid();
        },
      },
    );
  }, focusFirstInvalid);

  if (sentTo) return <CheckEmail email={sentTo} />;

  return (
    <form ref={ref} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {referredBy ? (
          <Alert variant="light" color="teal" icon={<IconGift size={18} aria-hidden />} role="note">
            You were invited by a friend. The referral is checked when you verify your e-mail.
          </Alert>
        ) : null}
        <FormErrorAlert error={registerMutation.error} fallback={REGISTRATION_ERROR_FALLBACK} fieldNames={FIELDS} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={!hydrated}
          placeholder="you@example.com"
          required
          {...form.getInputProps('email')}
        />
        <Stack gap="xs">
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            readOnly={!hydrated}
            {...form.getInputProps('password')}
          />
          <PasswordStrength password={form.values.password} />
        </Stack>
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          readOnly={!hydrated}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={registerMutation.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
