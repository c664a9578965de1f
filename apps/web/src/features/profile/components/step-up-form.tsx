import { Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
import { StepUpFields } from './step-up-fields';

type StepUpFormProps = {
  submitLabel: string;
  submitColor?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: { password: string; code: string }) => void;
  onCancel: () => void;
};

const CODE_PATTERN = /^(\d{6}|[a-z2-9]{5}[\s-]?[a-z2-9]{5})$/i;
/** The authenticator is on whenever this form shows, so its code (or a recovery code) is what is asked for. */
const APP_FACTOR = { app: true, email: false };

/** Asks again for what only the account holder has: the password and a current authenticator or recovery code. */
export function StepUpForm({ submitLabel, submitColor, pending, error, onSubmit, onCancel }: StepUpFormProps) {
  const [values, setValues] = useState({ currentPassword: '', code: '' });
  const code = values.code.trim();
  const canSubmit = values.currentPassword.length > 0 && CODE_PATTERN.test(code);
  const fields = isApiError(error) ? error.fields : undefined;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit({ password: values.currentPassword, code });
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        <StepUpFields
          value={values}
          onChange={(next) => setValues({ currentPassword: next.currentPassword, code: next.code ?? '' })}
          factor={APP_FACTOR}
          errors={{
            currentPassword: fields?.password,
            code: fields?.password
              ? undefined
              : error
                ? errorMessage(error, 'That did not work. Try again.')
                : undefined,
          }}
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
