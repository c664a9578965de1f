import type { StepUpMethods } from '@coincard/shared';
import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PasswordField } from '../../../components/password-field';
import { IconAlertCircle } from '../../../icons/IconAlertCircle';
import { IconFingerprint } from '../../../icons/IconFingerprint';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, notifyError } from '../../../lib/notify';
import { passkeyProblem, passkeysSupported } from '../../../lib/passkeys';
import { useMailStepUpCodeMutation, useStepUpMethods, useStepUpMutation } from '../api/step-up';

type Method = 'password' | 'code' | 'passkey';

const CODE_PATTERN = /^(\d{6}|[a-z2-9]{5}[\s-]?[a-z2-9]{5})$/i;

function methodsOf(methods: StepUpMethods): Method[] {
  return [
    ...(methods.passkey && passkeysSupported() ? (['passkey'] as const) : []),
    'password' as const,
    ...(methods.authenticator || methods.emailCode ? (['code'] as const) : []),
  ];
}

const LABELS: Record<Method, string> = { password: 'Password', code: 'Code', passkey: 'Passkey' };

function codeHint(methods: StepUpMethods): string {
  if (methods.authenticator && methods.emailCode)
    return 'The 6-digit code from your authenticator app, a recovery code, or a code we e-mail you.';
  if (methods.authenticator) return 'The 6-digit code from your authenticator app, or one of your recovery codes.';
  return 'Send yourself a 6-digit code by e-mail, then type it here.';
}

type StepUpPanelProps = {
  /** Why it is asked, in the flow's own words ("To show the card number and CVV, …"). */
  reason: string;
  onConfirmed: () => void;
  onCancel: () => void;
};

/**
 * "Confirm it's you": the password, a code, or a passkey, whichever the account has. Used before card details are
 * shown and before a large load (POST /api/auth/step-up); the session may then do them for a few minutes.
 */
export function StepUpPanel({ reason, onConfirmed, onCancel }: StepUpPanelProps) {
  const methods = useStepUpMethods();
  const confirm = useStepUpMutation();
  const mailCode = useMailStepUpCodeMutation();
  const [chosen, setChosen] = useState<Method | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const errorId = useId();

  if (methods.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the ways to confirm">
        <Skeleton h={16} w="80%" />
        <Skeleton h={36} />
        <Skeleton h={36} w={140} />
      </Stack>
    );
  }
  if (methods.isError) {
    return (
      <ErrorState
        headingLevel={3}
        message="The ways to confirm it is you could not be loaded."
        onRetry={() => methods.refetch()}
      />
    );
  }

  const available = methodsOf(methods.data);
  const method = chosen && available.includes(chosen) ? chosen : (available[0] ?? 'password');
  const fieldError = (name: string) => (isApiError(confirm.error) ? (confirm.error.fields?.[name] ?? null) : null);
  const passwordError = method === 'password' ? fieldError('password') : null;
  const codeError =
    method === 'code' && confirm.error
      ? (fieldError('code') ?? errorMessage(confirm.error, 'That code did not work.'))
      : null;
  const otherError =
    confirm.error && !passwordError && !codeError
      ? (passkeyProblem(confirm.error) ?? errorMessage(confirm.error, 'That did not work. Try again.'))
      : null;
  const canSubmit =
    method === 'passkey' || (method === 'password' ? password.length > 0 : CODE_PATTERN.test(code.trim()));

  const switchTo = (next: Method) => {
    confirm.reset();
    setChosen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || confirm.isPending) return;
    const body = method === 'passkey' ? 'passkey' : method === 'password' ? { password } : { code: code.trim() };
    confirm.mutate(body, { onSuccess: onConfirmed });
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={otherError ? errorId : undefined}>
      <Stack gap="md">
        <Text size="sm">{reason}</Text>
        {available.length > 1 ? (
          <SegmentedControl
            fullWidth
            value={method}
            onChange={(value) => switchTo(value as Method)}
            data={available.map((value) => ({ value, label: LABELS[value] }))}
            aria-label="How to confirm"
          />
        ) : null}
        {method === 'password' ? (
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={passwordError}
            data-autofocus
          />
        ) : null}
        {method === 'code' ? (
          <Stack gap={6}>
            <TextInput
              label="Security code"
              description={codeHint(methods.data)}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
              data-autofocus
            />
            {methods.data.emailCode ? (
              <Group gap="sm">
                <Button
                  type="button"
                  variant="subtle"
                  size="compact-sm"
                  px={4}
                  loading={mailCode.isPending}
                  onClick={() => mailCode.mutate(undefined, { onError: (error) => notifyError(error) })}
                >
                  {mailCode.isSuccess ? 'Send another code' : 'Send me a code by e-mail'}
                </Button>
                {mailCode.isSuccess ? (
                  <Text size="sm" c="green" role="status">
                    Code sent
                  </Text>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        ) : null}
        {method === 'passkey' ? (
          <Text size="sm" c="dimmed">
            Your browser will ask for the passkey on this device, a security key, or your phone.
          </Text>
        ) : null}
        {otherError ? (
          <Alert
            id={errorId}
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            p="xs"
          >
            {otherError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!canSubmit}
            loading={confirm.isPending}
            leftSection={method === 'passkey' ? <IconFingerprint size={16} aria-hidden /> : undefined}
          >
            {method === 'passkey' ? 'Use a passkey' : 'Confirm'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
