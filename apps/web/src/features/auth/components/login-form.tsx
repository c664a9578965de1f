import type { TwoFactorMethod } from '@coincard/shared';
import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { IconFingerprint } from '../../../icons/IconFingerprint';
import { passkeyProblem, passkeysSupported } from '../../../lib/passkeys';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLoginMutation } from '../api/login';
import { usePasskeySignInMutation } from '../api/passkey-sign-in';
import { LOGIN_ERROR_FALLBACK } from './auth-messages';
import { FormErrorAlert } from './form-error-alert';
import { useCompleteSignIn } from './use-complete-sign-in';

/** `methods`: what the 2FA step takes; a server from before the authenticator app sends none (the mailed code). */
export type TwoFactorChallenge = { userId: string; email: string; methods: TwoFactorMethod[] };

type LoginFormProps = { onTwoFactorRequired: (challenge: TwoFactorChallenge) => void };

/** E-mail and password; when the account has two-factor on, hands over to the six-digit code step. */
export function LoginForm({ onTwoFactorRequired }: LoginFormProps) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLoginMutation();
  const passkeyMutation = usePasskeySignInMutation();
  const completeSignIn = useCompleteSignIn();
  const [isFinishing, setIsFinishing] = useState(false);

  const canSubmit = email.trim().length > 0 && password.length > 0;

  const signInWithPasskey = () => {
    loginMutation.reset();
    passkeyMutation.mutate(undefined, {
      onSuccess: async () => {
        setIsFinishing(true);
        await completeSignIn();
      },
    });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    passkeyMutation.reset();
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: async (response) => {
          if (response.isTwoFactorRequired) {
            onTwoFactorRequired({
              userId: response.userId,
              email: email.trim(),
              methods: response.twoFactorMethods ?? ['email'],
            });
            return;
          }
          setIsFinishing(true);
          await completeSignIn();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {/* A closed passkey prompt is said in words; the server's refusals keep their own. */}
        <FormErrorAlert
          error={loginMutation.error ?? passkeyMutation.error}
          fallback={passkeyProblem(passkeyMutation.error) ?? LOGIN_ERROR_FALLBACK}
        />
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
        <Stack gap={6}>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            readOnly={!hydrated}
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/password/forgot" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={!canSubmit}
          loading={loginMutation.isPending || isFinishing}
        >
          Sign in
        </Button>
        {/* Only in a browser that can use one, once the page is live (the prerendered page cannot know). */}
        {hydrated && passkeysSupported() ? (
          <>
            <Divider label="or" labelPosition="center" />
            <Button
              variant="default"
              fullWidth
              size="md"
              leftSection={<IconFingerprint size={18} aria-hidden />}
              loading={passkeyMutation.isPending}
              disabled={loginMutation.isPending || isFinishing}
              onClick={signInWithPasskey}
            >
              Sign in with a passkey
            </Button>
          </>
        ) : null}
      </Stack>
    </form>
  );
}
