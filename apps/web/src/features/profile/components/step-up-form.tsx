import { Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { formErrorsFrom } from '../api/form-errors';
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
const APP_FACTOR = { app: true, email: false, passkey: false };

/** Asks again for what only the account holder has: the password and a current authenticator or recovery code. */
export function StepUpForm({ submitLabel, submitColor, pending, error, onSubmit, onCancel }: StepUpFormProps) {
  const [values, setValues] = useState({ currentPassword: '', code: '' });
  const code = values.code.trim();
  const canSubmit = values.currentPassword.length > 0 && CODE_PATTERN.test(code);
  // These endpoints name the password field `password`; anything else the server refuses is said at the code.
  const fields = formErrorsFrom(error, ['currentPassword', 'code'], { password: 'currentPassword' });
  const codeError =
    fields.code ??
    (error && !fields.currentPassword ? errorMessage(error, 'That did not work. Try again.') : undefined);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  useEffect(() => {
    if (error) focusFirstInvalid();
  }, [error, focusFirstInvalid]);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit({ password: values.currentPassword, code });
  };
  return (
    <form ref={ref} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        <StepUpFields
          value={values}
          onChange={(next) => setValues({ currentPassword: next.currentPassword, code: next.code ?? '' })}
          factor={APP_FACTOR}
          errors={{ currentPassword: fields.currentPassword, code: codeError }}
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
