import { OTP_LENGTH, type TwoFactorMethod } from '@coincard/shared';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { OtpInput } from '../../../components/otp-input';
import { ResendButton } from '../../../components/resend-button';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconFingerprint } from '../../../icons/IconFingerprint';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
import { passkeyProblem, passkeysSupported } from '../../../lib/passkeys';
import { useCooldown } from '../../../lib/use-cooldown';
import { useMailTwoFactorCodeMutation } from '../api/mail-two-factor-code';
import { usePasskeySecondFactorMutation } from '../api/passkey-sign-in';
import { useVerifyTwoFactorMutation } from '../api/verify-two-factor';
import { GENERIC_ERROR_FALLBACK, LOGIN_ERROR_FALLBACK } from './auth-messages';
import { FormErrorAlert } from './form-error-alert';
import { useCompleteSignIn } from './use-complete-sign-in';

type TwoFactorFormProps = { userId: string; email: string; methods?: TwoFactorMethod[]; onBack: () => void };
type Mode = 'passkey' | 'app' | 'email' | 'recovery';

const RECOVERY_PATTERN = /^[a-z2-9]{5}[\s-]?[a-z2-9]{5}$/i;
/** A mailed code may take a moment to arrive: another can be asked for half a minute after the last one was sent. */
export const RESEND_COOLDOWN_SECONDS = 30;

/**
 * The second login step: the 6-digit code from the authenticator app when it is on (with a recovery code as the way
 * out, and a mailed code on request when e-mail codes are on too), otherwise the code e-mailed to the account holder.
 */
export function TwoFactorForm({ userId, email, methods = ['email'], onBack }: TwoFactorFormProps) {
  const hasApp = methods.includes('totp');
  const hasEmail = methods.includes('email');
  // A passkey needs a browser that can use one; without, the other methods (or support) are the way in.
  const hasPasskey = methods.includes('passkey') && passkeysSupported();
  const [mode, setMode] = useState<Mode>(hasPasskey ? 'passkey' : hasApp ? 'app' : 'email');
  const passkeyMutation = usePasskeySecondFactorMutation();
  const [code, setCode] = useState('');
  const verifyMutation = useVerifyTwoFactorMutation();
  const mailMutation = useMailTwoFactorCodeMutation();
  // Without the app, sign-in has just mailed a code: the first resend waits like any other.
  const cooldown = useCooldown(hasApp || methods.includes('passkey') ? 0 : RESEND_COOLDOWN_SECONDS);
  const [codesMailed, setCodesMailed] = useState(0);
  const completeSignIn = useCompleteSignIn();
  const [isFinishing, setIsFinishing] = useState(false);
  const isComplete = mode === 'recovery' ? RECOVERY_PATTERN.test(code.trim()) : code.length === OTP_LENGTH;

  const switchTo = (next: Mode) => {
    setCode('');
    verifyMutation.reset();
    passkeyMutation.reset();
    setMode(next);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'passkey') {
      passkeyMutation.mutate(userId, {
        onSuccess: async () => {
          setIsFinishing(true);
          await completeSignIn();
        },
      });
      return;
    }
    if (!isComplete) return;
    verifyMutation.mutate(
      { code: code.trim(), userId },
      {
        onSuccess: async () => {
          setIsFinishing(true);
          await completeSignIn();
        },
      },
    );
  };

  /** Mails a code (again): the newest one is the only one that works, so what was typed is cleared. */
  const mailCode = () =>
    mailMutation.mutate(userId, {
      onSuccess: () => {
        switchTo('email');
        setCodesMailed((count) => count + 1);
        cooldown.start(RESEND_COOLDOWN_SECONDS);
      },
      onError: (error) => {
        if (isApiError(error) && error.retryAfterSeconds) cooldown.start(error.retryAfterSeconds);
      },
    });

  const hint =
    mode === 'passkey'
      ? 'Confirm with your passkey: your browser asks for it (fingerprint, face, device PIN or security key).'
      : mode === 'app'
        ? `Open your authenticator app and enter the ${OTP_LENGTH}-digit code it shows for CoinCard.`
        : mode === 'recovery'
          ? 'Enter one of the recovery codes you saved when you set up the app. Each code works once.'
          : `We e-mailed a ${OTP_LENGTH}-digit code to ${email || 'your address'}. It is valid for 10 minutes.`;
  const resendNote = mailMutation.isError
    ? errorMessage(mailMutation.error, GENERIC_ERROR_FALLBACK)
    : codesMailed > 0 && mode === 'email'
      ? 'A new code is on its way. Only the newest code works.'
      : null;

  if (!hasPasskey && !hasApp && !hasEmail) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Sign in with your passkey
        </Title>
        <Text size="sm" role="alert">
          This account signs in with a passkey, and this browser cannot use passkeys. Open CoinCard in a recent Chrome,
          Edge, Safari or Firefox, or on the device that holds the passkey.
        </Text>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h3">
            Enter 2FA Verification Code
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <FormErrorAlert
          error={mode === 'passkey' ? passkeyMutation.error : verifyMutation.error}
          fallback={passkeyProblem(passkeyMutation.error) ?? LOGIN_ERROR_FALLBACK}
        />
        {mode === 'passkey' ? null : mode === 'recovery' ? (
          <TextInput
            label="Recovery code"
            placeholder="xxxxx-xxxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        ) : (
          <OtpInput
            // A new code starts a fresh input, focused: the resend button just turned off would otherwise drop the focus.
            key={`${mode}-${codesMailed}`}
            label={mode === 'app' ? 'Authenticator code' : 'Verification code'}
            value={code}
            onChange={setCode}
            autoFocus
          />
        )}
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={mode !== 'passkey' && !isComplete}
          loading={verifyMutation.isPending || passkeyMutation.isPending || isFinishing}
          leftSection={mode === 'passkey' ? <IconFingerprint size={18} aria-hidden /> : undefined}
        >
          {mode === 'passkey' ? 'Use a passkey' : 'Verify'}
        </Button>
        {hasApp || hasPasskey ? (
          <Group justify="center" gap="md" wrap="wrap">
            {hasPasskey && mode !== 'passkey' ? (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo('passkey')}>
                Use a passkey
              </Anchor>
            ) : null}
            {hasApp && mode !== 'app' ? (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo('app')}>
                Use the authenticator app
              </Anchor>
            ) : null}
            {hasApp && mode !== 'recovery' ? (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo('recovery')}>
                Use a recovery code
              </Anchor>
            ) : null}
            {hasEmail && mode !== 'email' ? (
              <ResendButton
                label="Send me an e-mail code instead"
                secondsLeft={cooldown.secondsLeft}
                isPending={mailMutation.isPending}
                onResend={mailCode}
              />
            ) : null}
          </Group>
        ) : null}
        <Stack gap={4} align="center">
          {hasEmail && mode === 'email' ? (
            <Group justify="center" gap={6}>
              <Text size="sm" c="dimmed">
                Didn&apos;t get it?
              </Text>
              <ResendButton
                label="Resend code"
                secondsLeft={cooldown.secondsLeft}
                isPending={mailMutation.isPending}
                onResend={mailCode}
              />
            </Group>
          ) : null}
          {/* Always in the page, so the sent (or refused) resend is announced when it changes. */}
          <div role="status">
            {resendNote ? (
              <Text size="sm" ta="center" c={mailMutation.isError ? 'var(--mantine-color-error)' : 'dimmed'}>
                {resendNote}
              </Text>
            ) : null}
          </div>
        </Stack>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
