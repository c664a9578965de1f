import { OTP_LENGTH } from '@coincard/shared';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { OtpInput } from '../../../components/otp-input';
import { useVerifyTwoFactorMutation } from '../api/verify-two-factor';
import { LOGIN_ERROR_FALLBACK } from './auth-messages';
import { FormErrorAlert } from './form-error-alert';
import { useCompleteSignIn } from './use-complete-sign-in';

type TwoFactorFormProps = { userId: string; email: string; onBack: () => void };

/** The second login step: the 6-digit code e-mailed to the account holder. */
export function TwoFactorForm({ userId, email, onBack }: TwoFactorFormProps) {
  const [code, setCode] = useState('');
  const verifyMutation = useVerifyTwoFactorMutation();
  const completeSignIn = useCompleteSignIn();
  const [isFinishing, setIsFinishing] = useState(false);
  const isComplete = code.length === OTP_LENGTH;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete) return;
    verifyMutation.mutate(
      { code, userId },
      {
        onSuccess: async () => {
          setIsFinishing(true);
          await completeSignIn();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h3">
            Enter 2F Verification Code
          </Title>
          <Text size="sm" c="dimmed">
            We e-mailed a {OTP_LENGTH}-digit code to {email || 'your address'}. It is valid for 10 minutes.
          </Text>
        </Stack>
        <FormErrorAlert error={verifyMutation.error} fallback={LOGIN_ERROR_FALLBACK} />
        <OtpInput label="Verification code" value={code} onChange={setCode} autoFocus />
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={!isComplete}
          loading={verifyMutation.isPending || isFinishing}
        >
          Verify
        </Button>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
