import { isStrongPassword, PASSWORD_STRENGTH_MESSAGE, type PasskeyAssertion } from '@coincard/shared';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrength } from '../../../components/password-strength';
import { notifySuccess } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useChangePasswordMutation } from '../api/change-password';
import { formErrorsFrom, reportFormError } from '../api/form-errors';
import { stepUpBody, useSecondFactor } from '../api/step-up';
import { SettingsSection } from './settings-section';
import { StepUpFields } from './step-up-fields';

type PasswordValues = { currentPassword: string; code: string; newPassword: string; confirmPassword: string };

const EMPTY: PasswordValues = { currentPassword: '', code: '', newPassword: '', confirmPassword: '' };
const SERVER_FIELDS = ['currentPassword', 'code', 'newPassword'] as const;

/** Change Password: current, new (must pass the strength rules) and a matching confirmation. */
export function PasswordSection() {
  const mutation = useChangePasswordMutation();
  const factor = useSecondFactor();
  // A passkey answer, when the person used one instead of a code (it works once).
  const [passkey, setPasskey] = useState<PasskeyAssertion | undefined>(undefined);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      currentPassword: (value) => (value ? null : 'Current password is required.'),
      newPassword: (value) => {
        if (!value) return 'New password is required.';
        return isStrongPassword(value) ? null : PASSWORD_STRENGTH_MESSAGE;
      },
      confirmPassword: (value, values) => {
        if (!value) return 'Confirm your new password.';
        return value === values.newPassword ? null : 'Passwords do not match.';
      },
    },
  });

  const handleSubmit = form.onSubmit(({ currentPassword, code, newPassword }) => {
    mutation.mutate(
      { ...stepUpBody({ currentPassword, code, passkey }, factor), newPassword },
      {
        onSuccess: (response) => {
          notifySuccess(response.message, 'Password changed');
          form.setValues(EMPTY);
          form.resetDirty(EMPTY);
          setPasskey(undefined);
        },
        onError: (error) => {
          setPasskey(undefined);
          reportFormError(error, formErrorsFrom(error, SERVER_FIELDS), form.setErrors, focusFirstInvalid);
        },
      },
    );
  }, focusFirstInvalid);

  return (
    <SettingsSection
      id="password-settings"
      title="Password"
      description="Change Password. Other devices signed in to your account will be signed out."
    >
      <form ref={ref} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={480}>
          <StepUpFields
            value={{ currentPassword: form.values.currentPassword, code: form.values.code, passkey }}
            onChange={(value) => {
              setPasskey(value.passkey);
              // Only the field typed in: setting a field clears its error, and the other's must stay.
              if (value.currentPassword !== form.values.currentPassword)
                form.setFieldValue('currentPassword', value.currentPassword);
              if ((value.code ?? '') !== form.values.code) form.setFieldValue('code', value.code ?? '');
            }}
            factor={factor}
            errors={{ currentPassword: form.errors.currentPassword, code: form.errors.code }}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordStrength password={form.values.newPassword} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
