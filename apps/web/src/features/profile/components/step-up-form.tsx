import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';

type StepUpFormProps = {
  submitLabel: string;
  submitColor?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: { password: string; code: string }) => void;
  onCancel: () => void;
};

const CODE_PATTERN = /^(\d{6}|[a-z2-9]{5}[\s-]?[a-z2-9]{5})$/i;

/** Asks again for what only the account holder has: the password and a current authenticator or recovery code. */
export function StepUpForm({ submitLabel, submitColor, pending, error, onSubmit, onCancel }: StepUpFormProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const canSubmit = password.length > 0 && CODE_PATTERN.test(code.trim());
  const fields = isApiError(error) ? error.fields : undefined;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit({ password, code: code.trim() });
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fields?.password}
        />
        <TextInput
          label="Authenticator or recovery code"
          description="The 6-digit code from your app, or one of your recovery codes"
          autoComplete="one-time-code"
          inputMode="text"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={
            fields?.password ? undefined : error ? errorMessage(error, 'That did not work. Try again.') : undefined
          }
        />
        <Group gap="sm">
          <Button type="submit" color={submitColor} disabled={!canSubmit} loading={pending}>
            {submitLabel}
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
