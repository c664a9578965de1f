import type { StepUpFields as StepUpValues } from '@coincard/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconFingerprint } from '../../../icons/IconFingerprint';
import { notifyError } from '../../../lib/notify';
import { passkeyProblem, passkeysSupported } from '../../../lib/passkeys';
import { passkeyStepUpAnswer } from '../../step-up/api/step-up';
import { hasCodes, type SecondFactor, useSendStepUpCodeMutation } from '../api/step-up';

type StepUpFieldsProps = {
  value: StepUpValues;
  onChange: (value: StepUpValues) => void;
  factor: SecondFactor;
  errors?: { currentPassword?: ReactNode; code?: ReactNode };
  disabled?: boolean;
};

function codeDescription(factor: SecondFactor): string {
  const passkey = factor.passkey ? ' Or use a passkey instead.' : '';
  if (factor.app && factor.email)
    return `The 6-digit code from your authenticator app, a recovery code, or a code we e-mail you.${passkey}`;
  if (factor.app) return `The 6-digit code from your authenticator app, or one of your recovery codes.${passkey}`;
  return `Send yourself a 6-digit code by e-mail, then type it here.${passkey}`;
}

/** "Use a passkey": the answer is kept in the form's value and sent with it; the prompt works once, for minutes. */
function PasskeyAnswer({
  value,
  onChange,
  disabled,
  error,
  clearLabel,
}: Omit<StepUpFieldsProps, 'factor' | 'errors'> & { error?: ReactNode; clearLabel: string }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!passkeysSupported()) return null;
  if (value.passkey) {
    return (
      <Group gap={6} role="status">
        <IconCircleCheck size={18} color="var(--mantine-color-green-filled)" aria-hidden />
        <Text size="sm">Passkey confirmed.</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onChange({ ...value, passkey: undefined })}
          disabled={disabled}
        >
          {clearLabel}
        </Button>
      </Group>
    );
  }
  const ask = async () => {
    setAsking(true);
    setProblem(null);
    try {
      onChange({ ...value, passkey: await passkeyStepUpAnswer() });
    } catch (caught) {
      const words = passkeyProblem(caught);
      if (words) setProblem(words);
      else notifyError(caught);
    } finally {
      setAsking(false);
    }
  };
  const shown = problem ?? error;
  return (
    <Stack gap={4}>
      <Button
        type="button"
        variant="light"
        w="fit-content"
        leftSection={<IconFingerprint size={16} aria-hidden />}
        loading={asking}
        disabled={disabled}
        onClick={() => void ask()}
      >
        Use a passkey
      </Button>
      {shown ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {shown}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The step-up every account change asks for: the current password, and a second factor when one is on (a code, or
 * a passkey), so a stolen session alone cannot change the e-mail, the password or the sign-in methods.
 */
export function StepUpFields({ value, onChange, factor, errors, disabled }: StepUpFieldsProps) {
  const send = useSendStepUpCodeMutation();
  const passkeyOnly = factor.passkey && !hasCodes(factor);
  return (
    <Stack gap="sm">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        disabled={disabled}
        value={value.currentPassword}
        onChange={(event) => onChange({ ...value, currentPassword: event.currentTarget.value })}
        error={errors?.currentPassword}
      />
      {hasCodes(factor) && !value.passkey ? (
        <Stack gap={6}>
          <TextInput
            label="Security code"
            description={codeDescription(factor)}
            autoComplete="one-time-code"
            required
            disabled={disabled}
            value={value.code ?? ''}
            onChange={(event) => onChange({ ...value, code: event.currentTarget.value })}
            error={errors?.code}
          />
          {factor.email ? (
            <Group gap="sm">
              <Button
                type="button"
                variant="subtle"
                size="compact-sm"
                px={4}
                loading={send.isPending}
                disabled={disabled}
                onClick={() => send.mutate(undefined, { onError: (error) => notifyError(error) })}
              >
                {send.isSuccess ? 'Send another code' : 'Send me a code by e-mail'}
              </Button>
              {send.isSuccess ? (
                <Text size="sm" c="green" role="status">
                  Code sent
                </Text>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      ) : null}
      {factor.passkey ? (
        <Stack gap={4}>
          {passkeyOnly ? (
            <Text size="sm" fw={500}>
              Confirm with one of your passkeys.
            </Text>
          ) : null}
          <PasskeyAnswer
            value={value}
            onChange={onChange}
            disabled={disabled}
            error={passkeyOnly ? errors?.code : undefined}
            clearLabel={passkeyOnly ? 'Ask again' : 'Use a code instead'}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
