import { CARD_PIN_LENGTH } from '@coincard/shared';
import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';

type ThreeDsCodeInputProps = {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
};

/** Four single-digit boxes for a card's 3DS code; Mantine's number PinInput ignores anything but digits. */
export function ThreeDsCodeInput({ label, description, value, onChange, disabled }: ThreeDsCodeInputProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
    >
      <PinInput
        mt={6}
        length={CARD_PIN_LENGTH}
        type="number"
        oneTimeCode={false}
        placeholder=""
        size="md"
        gap="xs"
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': `${label}, digit ${index + 1} of ${CARD_PIN_LENGTH}`,
          'aria-describedby': description ? descriptionId : undefined,
        })}
      />
    </Input.Wrapper>
  );
}

/** A complete code: exactly four digits ("0007" is fine; it is sent as the number 7). */
export const isCompletePin = (value: string) => new RegExp(`^\\d{${CARD_PIN_LENGTH}}$`).test(value);
