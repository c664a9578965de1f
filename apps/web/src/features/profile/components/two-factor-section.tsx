import type { PasskeyAssertion } from '@coincard/shared';
import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { IconLock } from '../../../icons/IconLock';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { type FormErrors, formErrorsFrom, reportFormError } from '../api/form-errors';
import { stepUpBody, useSecondFactor } from '../api/step-up';
import { useToggleTwoFactorMutation } from '../api/toggle-two-factor';
import { SettingsSection } from './settings-section';
import { StepUpFields } from './step-up-fields';

type TwoFactorSectionProps = {
  isEnabled: boolean;
  /** Why e-mail codes must stay on (an administrator's last second factor): the switch is then not offered. */
  keepOnReason?: string;
};

type StepUpState = { currentPassword: string; code: string; passkey?: PasskeyAssertion | undefined };
const EMPTY: StepUpState = { currentPassword: '', code: '' };
const SERVER_FIELDS = ['currentPassword', 'code'] as const;

/**
 * E-mail based two-factor authentication: a code by e-mail at every sign-in. Turning it on is one click; turning it
 * off asks for the password and a code first, so a stolen session cannot strip the protection.
 */
export function TwoFactorSection({ isEnabled, keepOnReason }: TwoFactorSectionProps) {
  const mutation = useToggleTwoFactorMutation();
  const factor = useSecondFactor();
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const shownEnabled = mutation.isPending ? Boolean(mutation.variables?.enabled) : isEnabled && !confirmingOff;
  const isKeptOn = isEnabled && keepOnReason !== undefined;

  const close = () => {
    setConfirmingOff(false);
    setStepUp(EMPTY);
    setErrors({});
    mutation.reset();
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (!stepUp.currentPassword) return;
    setErrors({});
    mutation.mutate(
      { enabled: false, ...stepUpBody(stepUp, factor) },
      {
        onSuccess: (response) => {
          notifySuccess(response.message);
          setConfirmingOff(false);
          setStepUp(EMPTY);
        },
        onError: (error) => {
          setStepUp((current) => ({ ...current, passkey: undefined }));
          reportFormError(error, formErrorsFrom(error, SERVER_FIELDS), setErrors, focusFirstInvalid);
        },
      },
    );
  };

  return (
    <SettingsSection
      id="two-factor-settings"
      title="Two-Factor Authentication"
      aside={
        isEnabled ? (
          <Badge color="green" variant="light" ml={6} style={{ verticalAlign: 'middle' }}>
            Active
          </Badge>
        ) : null
      }
      description="When it is on, we e-mail you a 6-digit code each time you sign in, so a stolen password alone is not enough."
    >
      {isKeptOn ? (
        // Not a switch that cannot move (a greyed switch reads as "off"): a plain statement and the reason.
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <IconLock size={18} aria-hidden />
            <Text size="sm" fw={500}>
              An e-mailed code is required at every sign-in.
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {keepOnReason}
          </Text>
        </Stack>
      ) : (
        <Switch
          label="Require an e-mailed code at sign-in"
          checked={shownEnabled}
          disabled={mutation.isPending}
          onChange={(event) => {
            if (!event.currentTarget.checked) {
              setConfirmingOff(true);
              return;
            }
            if (confirmingOff) {
              close();
              return;
            }
            mutation.mutate(
              { enabled: true },
              { onSuccess: (response) => notifySuccess(response.message), onError: (error) => notifyError(error) },
            );
          }}
          size="md"
        />
      )}
      {confirmingOff ? (
        <form ref={ref} onSubmit={turnOff} noValidate aria-label="Turn off two-factor authentication">
          <Stack gap="sm" maw={480}>
            <StepUpFields
              value={stepUp}
              onChange={(value) => {
                setErrors((shown) => ({
                  currentPassword: value.currentPassword === stepUp.currentPassword ? shown.currentPassword : undefined,
                  code: (value.code ?? '') === stepUp.code ? shown.code : undefined,
                }));
                setStepUp({ currentPassword: value.currentPassword, code: value.code ?? '', passkey: value.passkey });
              }}
              factor={factor}
              errors={errors}
            />
            <Group gap="sm">
              <Button type="submit" color="red" disabled={!stepUp.currentPassword} loading={mutation.isPending}>
                Turn off
              </Button>
              <Button variant="subtle" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </SettingsSection>
  );
}
