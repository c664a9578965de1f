import type { StepUpFields as StepUpValues } from '@coincard/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { PasswordField } from '../../../components/password-field';
import { notifyError } from '../../../lib/notify';
import { needsCode, type SecondFactor, useSendStepUpCodeMutation } from '../api/step-up';

type StepUpFieldsProps = {
  value: StepUpValues;
  onChange: (value: StepUpValues) => void;
  factor: SecondFactor;
  errors?: { currentPassword?: ReactNode; code?: ReactNode };
  disabled?: boolean;
};

function codeDescription(factor: SecondFactor): string {
  if (factor.app && factor.email)
    return 'The 6-digit code from your authenticator app, a recovery code, or a code we e-mail you.';
  if (factor.app) return 'The 6-digit code from your authenticator app, or one of your recovery codes.';
  return 'Send yourself a 6-digit code by e-mail, then type it here.';
}

/**
 * The step-up every account change asks for: the current password, and a code when a second factor is on, so a
 * stolen session alone cannot change the e-mail, the password or two-factor.
 */
export function StepUpFields({ value, onChange, factor, errors, disabled }: StepUpFieldsProps) {
  const send = useSendStepUpCodeMutation();
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
      {needsCode(factor) ? (
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
    </Stack>
  );
}
