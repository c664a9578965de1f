import { OTP_LENGTH, type PasskeyAssertion } from '@coincard/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { OtpInput } from '../../../components/otp-input';
import { isApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { type FormErrors, formErrorsFrom, reportFormError } from '../api/form-errors';
import { useInitEmailChangeMutation } from '../api/init-email-change';
import { stepUpBody, useSecondFactor } from '../api/step-up';
import { useVerifyEmailChangeMutation } from '../api/verify-email-change';
import { SettingsSection } from './settings-section';
import { StepUpFields } from './step-up-fields';

type EmailSectionProps = { currentEmail: string };

const SERVER_FIELDS = ['newEmail', 'currentPassword', 'code'] as const;
type StepUpState = { currentPassword: string; code: string; passkey?: PasskeyAssertion | undefined };
const EMPTY_STEP_UP: StepUpState = { currentPassword: '', code: '' };

/** A refused code (wrong, expired, used up) is said under the boxes, where the person is typing; nothing else is. */
function codeProblem(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.errorCode === 'InvalidCode') return error.message;
  return error.fields?.otp ?? null;
}

/** Change Email: send a one-time code to the new address, then confirm it. */
export function EmailSection({ currentEmail }: EmailSectionProps) {
  const [newEmail, setNewEmail] = useState('');
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY_STEP_UP);
  const factor = useSecondFactor();
  const [otp, setOtp] = useState('');
  const [otpSentTo, setOtpSentTo] = useState<string | null>(null);
  const [otpError, setOtpError] = useState<string | null>(null);
  // A refused code empties the boxes and focuses the first one again (a fresh input), ready for the next try.
  const [otpAttempt, setOtpAttempt] = useState(0);
  const initMutation = useInitEmailChangeMutation();
  const verifyMutation = useVerifyEmailChangeMutation();
  const [errors, setErrors] = useState<FormErrors>({});
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const clearError = (name: string) => setErrors(({ [name]: _cleared, ...rest }) => rest);

  const sendOtp = (event: FormEvent) => {
    event.preventDefault();
    const email = newEmail.trim();
    if (!email) return;
    setErrors({});
    initMutation.mutate(
      { newEmail: email, ...stepUpBody(stepUp, factor) },
      {
        onSuccess: (response) => {
          setOtpSentTo(email);
          setStepUp(EMPTY_STEP_UP);
          setOtp('');
          setOtpError(null);
          notifySuccess(response.message, 'Code sent');
        },
        onError: (error) => {
          // A passkey answer works once: a refused change asks for it again.
          setStepUp((current) => ({ ...current, passkey: undefined }));
          reportFormError(error, formErrorsFrom(error, SERVER_FIELDS), setErrors, focusFirstInvalid);
        },
      },
    );
  };

  const verifyOtp = (event: FormEvent) => {
    event.preventDefault();
    if (otp.length !== OTP_LENGTH) return;
    setOtpError(null);
    verifyMutation.mutate(otp, {
      onSuccess: (response) => {
        notifySuccess(response.message, 'E-mail changed');
        setOtpSentTo(null);
        setNewEmail('');
        setOtp('');
      },
      onError: (error) => {
        const problem = codeProblem(error);
        if (problem === null) {
          notifyError(error);
          return;
        }
        setOtpError(problem);
        setOtp('');
        setOtpAttempt((attempt) => attempt + 1);
      },
    });
  };

  return (
    <SettingsSection
      id="email-settings"
      title="Email"
      description={
        <>
          You sign in with{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {currentEmail}
          </Text>
          . To change it, we send a {OTP_LENGTH}-digit code to the new address.
        </>
      }
    >
      <form ref={ref} onSubmit={sendOtp} noValidate>
        <Stack gap="sm" maw={480}>
          <Text fw={600} size="sm">
            Change Email
          </Text>
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            placeholder="new@example.com"
            value={newEmail}
            onChange={(event) => {
              setNewEmail(event.currentTarget.value);
              clearError('newEmail');
            }}
            error={errors.newEmail}
          />
          <StepUpFields
            value={stepUp}
            onChange={(value) => {
              if (value.currentPassword !== stepUp.currentPassword) clearError('currentPassword');
              if ((value.code ?? '') !== stepUp.code) clearError('code');
              setStepUp({ currentPassword: value.currentPassword, code: value.code ?? '', passkey: value.passkey });
            }}
            factor={factor}
            // The server names the field it refused; the message shows there, not in a toast.
            errors={{ currentPassword: errors.currentPassword, code: errors.code }}
          />
          <Group>
            <Button
              type="submit"
              variant="light"
              disabled={!newEmail.trim() || !stepUp.currentPassword}
              loading={initMutation.isPending}
            >
              {otpSentTo ? 'Resend OTP' : 'Send OTP'}
            </Button>
          </Group>
        </Stack>
      </form>
      {otpSentTo ? (
        <form onSubmit={verifyOtp} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              Enter the code we sent to{' '}
              <Text span fw={600}>
                {otpSentTo}
              </Text>
              . It is valid for 10 minutes.
            </Text>
            <OtpInput
              key={otpAttempt}
              label="Verification code"
              value={otp}
              onChange={(value) => {
                setOtp(value);
                if (value) setOtpError(null);
              }}
              error={otpError}
              autoFocus
            />
            <Group>
              <Button type="submit" disabled={otp.length !== OTP_LENGTH} loading={verifyMutation.isPending}>
                Verify
              </Button>
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  setOtpSentTo(null);
                  setOtpError(null);
                }}
              >
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </SettingsSection>
  );
}
