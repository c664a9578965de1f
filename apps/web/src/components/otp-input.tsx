import { OTP_LENGTH } from '@coincard/shared';
import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';

type OtpInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  disabled?: boolean;
  error?: string | null;
  autoFocus?: boolean;
};

/**
 * Six single-digit boxes. Mantine's number PinInput ignores non-digits while typing and accepts a paste
 * only when every character is a digit.
 */
export function OtpInput({ label, value, onChange, onComplete, disabled, error, autoFocus }: OtpInputProps) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <PinInput
        mt={6}
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        placeholder=""
        size="md"
        gap="xs"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        disabled={disabled}
        error={Boolean(error)}
        autoFocus={autoFocus}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': `Digit ${index + 1} of ${OTP_LENGTH}`,
          'aria-describedby': error ? errorId : undefined,
        })}
      />
    </Input.Wrapper>
  );
}
