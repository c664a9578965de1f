import type { PasskeyAssertion, TotpEnrolment } from '@coincard/shared';
import { Badge, Button, Code, CopyButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { OtpInput } from '../../../components/otp-input';
import { IconCheck } from '../../../icons/IconCheck';
import { IconCopy } from '../../../icons/IconCopy';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import {
  useAuthenticatorStatus,
  useConfirmEnrolmentMutation,
  useDisableAuthenticatorMutation,
  useRegenerateRecoveryCodesMutation,
  useStartEnrolmentMutation,
} from '../api/authenticator';
import { type FormErrors, formErrorsFrom, reportFormError } from '../api/form-errors';
import { stepUpBody, useSecondFactor } from '../api/step-up';
import { AuthenticatorQr } from './authenticator-qr';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SettingsSection } from './settings-section';
import { StepUpFields } from './step-up-fields';
import { StepUpForm } from './step-up-form';

type Step =
  | { kind: 'idle' }
  | { kind: 'confirming' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] };
type Action = 'disable' | 'regenerate' | null;

/** Groups the base32 secret in fours, as people type it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function Enrolment({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const confirm = useConfirmEnrolmentMutation();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return;
    confirm.mutate(code, {
      onSuccess: (response) => {
        notifySuccess(response.message);
        onDone(response.recoveryCodes);
      },
    });
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, …), or type the key.
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <AuthenticatorQr uri={enrolment.otpauthUri} />
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text size="sm" fw={500}>
              Key
            </Text>
            <Code fz="md" style={{ overflowWrap: 'anywhere' }}>
              {grouped(enrolment.secret)}
            </Code>
            <CopyButton value={enrolment.secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="xs"
                  w="fit-content"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <OtpInput
          label="Code from the app"
          value={code}
          onChange={setCode}
          error={confirm.error ? errorMessage(confirm.error, 'That code did not work. Try again.') : null}
        />
        <Group gap="sm">
          <Button type="submit" disabled={code.length !== 6} loading={confirm.isPending}>
            Turn on
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const ENROL_FIELDS = ['currentPassword', 'code'] as const;
type EnrolValues = { currentPassword: string; code: string; passkey?: PasskeyAssertion | undefined };

/**
 * Before the secret is shown: the password, and a code or passkey when a factor is already on, so a stolen session
 * cannot put its own authenticator on the account (the owner is also told by e-mail once it is on).
 */
function EnrolStepUp({ onStarted, onCancel }: { onStarted: (enrolment: TotpEnrolment) => void; onCancel: () => void }) {
  const start = useStartEnrolmentMutation();
  const factor = useSecondFactor();
  const [values, setValues] = useState<EnrolValues>({ currentPassword: '', code: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.currentPassword) return;
    setErrors({});
    const body = stepUpBody(values, factor);
    start.mutate(
      { password: body.currentPassword, code: body.code, passkey: body.passkey },
      {
        onSuccess: onStarted,
        onError: (error) => {
          setValues((current) => ({ ...current, passkey: undefined }));
          reportFormError(
            error,
            formErrorsFrom(error, ENROL_FIELDS, { password: 'currentPassword' }),
            setErrors,
            focusFirstInvalid,
          );
        },
      },
    );
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm">Confirm it is you to set up an authenticator app.</Text>
        <StepUpFields
          value={values}
          onChange={(next) => {
            setErrors({});
            setValues({ currentPassword: next.currentPassword, code: next.code ?? '', passkey: next.passkey });
          }}
          factor={factor}
          errors={{ currentPassword: errors.currentPassword, code: errors.code }}
        />
        <Group gap="sm">
          <Button type="submit" disabled={!values.currentPassword} loading={start.isPending}>
            Continue
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={start.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AuthenticatorSectionProps = {
  /** Why the app must stay on (an administrator's last second factor): Turn off is then not offered. */
  keepOnReason?: string;
};

/** Authenticator app (TOTP) with recovery codes: set up, confirm, renew codes, turn off. */
export function AuthenticatorSection({ keepOnReason }: AuthenticatorSectionProps = {}) {
  const status = useAuthenticatorStatus();
  const disable = useDisableAuthenticatorMutation();
  const regenerate = useRegenerateRecoveryCodesMutation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [action, setAction] = useState<Action>(null);
  const enabled = status.data?.enabled ?? false;

  const body = () => {
    if (step.kind === 'codes')
      return <RecoveryCodesPanel codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
    if (step.kind === 'confirming')
      return (
        <EnrolStepUp
          onStarted={(enrolment) => setStep({ kind: 'enrolling', enrolment })}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      );
    if (step.kind === 'enrolling')
      return (
        <Enrolment
          enrolment={step.enrolment}
          onDone={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      );
    if (status.isPending) return <Skeleton height={36} width={220} radius="md" />;
    if (status.isError)
      return <ErrorState message="Could not load the authenticator settings." onRetry={() => status.refetch()} />;
    if (!enabled)
      return (
        <Button w="fit-content" onClick={() => setStep({ kind: 'confirming' })}>
          Set up authenticator app
        </Button>
      );
    if (action === 'disable')
      return (
        <StepUpForm
          submitLabel="Turn off"
          submitColor="red"
          pending={disable.isPending}
          error={disable.error}
          onCancel={() => {
            disable.reset();
            setAction(null);
          }}
          onSubmit={(input) =>
            disable.mutate(input, {
              onSuccess: (response) => {
                notifySuccess(response.message);
                setAction(null);
              },
            })
          }
        />
      );
    if (action === 'regenerate')
      return (
        <StepUpForm
          submitLabel="Make new codes"
          pending={regenerate.isPending}
          error={regenerate.error}
          onCancel={() => {
            regenerate.reset();
            setAction(null);
          }}
          onSubmit={(input) =>
            regenerate.mutate(input, {
              onSuccess: (response) => {
                setAction(null);
                setStep({ kind: 'codes', codes: response.recoveryCodes });
              },
            })
          }
        />
      );
    return (
      <Stack gap="sm">
        <Text size="sm">{status.data?.recoveryCodesLeft ?? 0} of 10 recovery codes left.</Text>
        <Group gap="sm" wrap="wrap">
          <Button variant="light" onClick={() => setAction('regenerate')}>
            New recovery codes
          </Button>
          {keepOnReason ? null : (
            <Button variant="light" color="red" onClick={() => setAction('disable')}>
              Turn off
            </Button>
          )}
        </Group>
        {keepOnReason ? (
          <Text size="sm" c="dimmed">
            {keepOnReason}
          </Text>
        ) : null}
      </Stack>
    );
  };

  return (
    <SettingsSection
      id="authenticator-settings"
      title="Authenticator app"
      aside={
        enabled ? (
          <Badge color="green" variant="light" ml={6} style={{ verticalAlign: 'middle' }}>
            Active
          </Badge>
        ) : null
      }
      description="Sign in with a 6-digit code from an app on your phone. It works offline, and recovery codes get you in if you lose the phone."
    >
      {body()}
    </SettingsSection>
  );
}
